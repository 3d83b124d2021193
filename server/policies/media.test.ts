import { describe, expect, it } from 'vitest';
import { type Actor, actorOf, can } from './access.ts';
import { isPublicVariant } from './actions/media.ts';

const owner = actorOf({ id: 'owner', role: 'user' });
const stranger = actorOf({ id: 'stranger', role: 'user' });
const admin = actorOf({ id: 'admin', role: 'admin' });
const visitor = actorOf(null);
const post = { ownerId: 'owner', kind: 'image' as const, visibility: 'private' as const };
const avatar = { ownerId: 'owner', kind: 'image' as const, visibility: 'public' as const };
const idDoc = { ownerId: 'owner', kind: 'identity_document' as const, visibility: 'private' as const };
type Media = typeof post | typeof avatar | typeof idDoc;

/** What of the media the actor sees: every rendition, only the blurred preview, or nothing (404). */
const mediaAccess = (actor: Actor, media: Media, context: { isEntitled?: boolean } = {}) => {
  if (!can(actor, 'media:view', { media })) return 'none';
  return can(actor, 'media:full', { media, ...context }) ? 'full' : 'preview';
};

describe('mediaAccess', () => {
  it('gives private post media in full to its owner and admins, and only a preview to others', () => {
    expect(mediaAccess(owner, post)).toBe('full');
    expect(mediaAccess(admin, post)).toBe('full');
    expect(mediaAccess(stranger, post)).toBe('preview');
    expect(mediaAccess(visitor, post)).toBe('preview');
  });

  it('lets the posts rules entitle a subscriber or buyer', () => {
    expect(mediaAccess(stranger, post, { isEntitled: true })).toBe('full');
    expect(mediaAccess(visitor, post, { isEntitled: false })).toBe('preview');
  });

  it('shows public media to everyone', () => {
    expect(mediaAccess(visitor, avatar)).toBe('full');
    expect(mediaAccess(stranger, avatar)).toBe('full');
  });

  it('keeps identity documents for admins: the owner sees the object, others nothing', () => {
    expect(mediaAccess(admin, idDoc)).toBe('full');
    expect(mediaAccess(owner, idDoc)).toBe('preview');
    expect(mediaAccess(stranger, idDoc)).toBe('none');
    expect(mediaAccess(visitor, idDoc)).toBe('none');
    expect(mediaAccess(stranger, idDoc, { isEntitled: true })).toBe('none');
    expect(can(admin, 'media:identity-document', {})).toBe(true);
    expect(can(owner, 'media:identity-document', {})).toBe(false);
    expect(can(visitor, 'media:identity-document', {})).toBe(false);
  });

  it('serves only blurred previews of private media without a signature', () => {
    expect(isPublicVariant(post, 'preview')).toBe(true);
    expect(isPublicVariant(post, 'w1280')).toBe(false);
    expect(isPublicVariant(avatar, 'w1280')).toBe(true);
    expect(isPublicVariant(idDoc, 'document')).toBe(false);
  });

  it('lets the owner use an upload for what it was made for, and nobody else', () => {
    const upload = { ownerId: 'owner', purpose: 'post' as const };
    expect(can(owner, 'media:attach', { media: upload, purpose: 'post' })).toBe(true);
    expect(can(owner, 'media:attach', { media: upload, purpose: 'banner' })).toBe(false);
    expect(can(stranger, 'media:attach', { media: upload, purpose: 'post' })).toBe(false);
    expect(can(admin, 'media:attach', { media: upload, purpose: 'post' })).toBe(false);
  });

  it('lets only the owner delete', () => {
    expect(can(owner, 'media:delete', { media: post })).toBe(true);
    expect(can(admin, 'media:delete', { media: post })).toBe(false);
  });
});
