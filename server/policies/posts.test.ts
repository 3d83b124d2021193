import { describe, expect, it } from 'vitest';
import { canPinPost, pinRefusal, pollVoteRefusal } from './posts.ts';

const owner = { id: 'owner', role: 'user' as const };
const admin = { id: 'admin', role: 'admin' as const };
const published = { status: 'published' as const, pinnedAt: null };
const draft = { status: 'draft' as const, pinnedAt: null };

describe('pinning', () => {
  it('lets only the owner pin, and only a published post', () => {
    expect(pinRefusal(owner, true, published, true)).toBeNull();
    expect(pinRefusal(owner, true, draft, true)).toBe('notPublished');
    expect(pinRefusal(admin, false, published, true)).toBe('notOwner');
    expect(pinRefusal(null, false, published, true)).toBe('notOwner');
  });

  it('lets the owner unpin whatever the status', () => {
    expect(pinRefusal(owner, true, draft, false)).toBeNull();
    expect(pinRefusal(admin, false, draft, false)).toBe('notOwner');
  });

  it('offers the toggle where the route would allow it', () => {
    expect(canPinPost(owner, true, published)).toBe(true);
    expect(canPinPost(owner, true, draft)).toBe(false);
    // A pinned post the owner may always unpin.
    expect(canPinPost(owner, true, { status: 'scheduled', pinnedAt: new Date() })).toBe(true);
    expect(canPinPost(admin, false, published)).toBe(false);
    expect(canPinPost(null, false, published)).toBe(false);
  });
});

describe('voting in a poll', () => {
  const fan = { id: 'fan', role: 'user' as const };
  const open = { status: 'published' as const, entitled: true, ended: false, voted: false };

  it('lets a signed-in fan who sees the post vote once while the poll is open', () => {
    expect(pollVoteRefusal(fan, false, open)).toBeNull();
    expect(pollVoteRefusal(fan, false, { ...open, voted: true })).toBe('voted');
    expect(pollVoteRefusal(fan, false, { ...open, ended: true })).toBe('ended');
    expect(pollVoteRefusal(fan, false, { ...open, entitled: false })).toBe('locked');
    expect(pollVoteRefusal(fan, false, { ...open, status: 'scheduled' })).toBe('notPublished');
  });

  it('never lets the creator or a visitor vote', () => {
    expect(pollVoteRefusal(owner, true, open)).toBe('ownPost');
    expect(pollVoteRefusal(null, false, open)).toBe('signedOut');
    // An admin is a fan like any other here.
    expect(pollVoteRefusal(admin, false, open)).toBeNull();
  });
});
