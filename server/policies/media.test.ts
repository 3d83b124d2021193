import { describe, expect, it } from 'vitest';
import { canDeleteMedia, canFetchIdentityDocument, isPublicVariant, mediaAccess } from './media.ts';

const owner = { id: 'owner', role: 'user' as const };
const stranger = { id: 'stranger', role: 'user' as const };
const admin = { id: 'admin', role: 'admin' as const };
const post = { ownerId: 'owner', kind: 'image' as const, visibility: 'private' as const };
const avatar = { ownerId: 'owner', kind: 'image' as const, visibility: 'public' as const };
const idDoc = { ownerId: 'owner', kind: 'identity_document' as const, visibility: 'private' as const };

describe('mediaAccess', () => {
  it('gives private post media in full to its owner and admins, and only a preview to others', () => {
    expect(mediaAccess(owner, post)).toBe('full');
    expect(mediaAccess(admin, post)).toBe('full');
    expect(mediaAccess(stranger, post)).toBe('preview');
    expect(mediaAccess(null, post)).toBe('preview');
  });

  it('lets the posts rules entitle a subscriber or buyer', () => {
    expect(mediaAccess(stranger, post, { isEntitled: true })).toBe('full');
    expect(mediaAccess(null, post, { isEntitled: false })).toBe('preview');
  });

  it('shows public media to everyone', () => {
    expect(mediaAccess(null, avatar)).toBe('full');
    expect(mediaAccess(stranger, avatar)).toBe('full');
  });

  it('keeps identity documents for admins: the owner sees the object, others nothing', () => {
    expect(mediaAccess(admin, idDoc)).toBe('full');
    expect(mediaAccess(owner, idDoc)).toBe('preview');
    expect(mediaAccess(stranger, idDoc)).toBe('none');
    expect(mediaAccess(null, idDoc)).toBe('none');
    expect(mediaAccess(stranger, idDoc, { isEntitled: true })).toBe('none');
    expect(canFetchIdentityDocument(admin)).toBe(true);
    expect(canFetchIdentityDocument(owner)).toBe(false);
    expect(canFetchIdentityDocument(null)).toBe(false);
  });

  it('serves only blurred previews of private media without a signature', () => {
    expect(isPublicVariant(post, 'preview')).toBe(true);
    expect(isPublicVariant(post, 'w1280')).toBe(false);
    expect(isPublicVariant(avatar, 'w1280')).toBe(true);
    expect(isPublicVariant(idDoc, 'document')).toBe(false);
  });

  it('lets only the owner delete', () => {
    expect(canDeleteMedia(owner, post)).toBe(true);
    expect(canDeleteMedia(admin, post)).toBe(false);
  });
});
