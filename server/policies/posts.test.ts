import { describe, expect, it } from 'vitest';
import { canPinPost, pinRefusal } from './posts.ts';

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
