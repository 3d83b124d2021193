import { describe, expect, it } from 'vitest';
import type { PostStatus } from '../../common/schemas/posts.ts';
import { actorOf, can, refusalOf } from './access.ts';

const owner = actorOf({ id: 'owner', role: 'user' });
const admin = actorOf({ id: 'admin', role: 'admin' });
const visitor = actorOf(null);
const published = { status: 'published' as const };
const draft = { status: 'draft' as const };

/** The refusal's code for an action on a post, or null when allowed. */
const pinCode = (
  actor: typeof owner,
  isOwner: boolean,
  post: { status: 'published' | 'draft' },
  pinned: boolean,
) => refusalOf(actor, 'post:pin', { isOwner, status: post.status, pinned })?.code ?? null;

describe('pinning', () => {
  it('lets only the owner pin, and only a published post', () => {
    expect(pinCode(owner, true, published, true)).toBeNull();
    expect(pinCode(owner, true, draft, true)).toBe('VALIDATION_FAILED');
    expect(pinCode(admin, false, published, true)).toBe('FORBIDDEN');
    expect(pinCode(visitor, false, published, true)).toBe('FORBIDDEN');
  });

  it('lets the owner unpin whatever the status', () => {
    expect(pinCode(owner, true, draft, false)).toBeNull();
    expect(pinCode(admin, false, draft, false)).toBe('FORBIDDEN');
  });

  it('offers the toggle where the route would allow it', () => {
    // The toggle pins a post that is not pinned and unpins one that is (the presenter's canPin).
    const toggle = (
      actor: typeof owner,
      isOwner: boolean,
      status: 'published' | 'draft' | 'scheduled',
      pinnedAt: Date | null,
    ) => can(actor, 'post:pin', { isOwner, status, pinned: pinnedAt === null });
    expect(toggle(owner, true, 'published', null)).toBe(true);
    expect(toggle(owner, true, 'draft', null)).toBe(false);
    // A pinned post the owner may always unpin.
    expect(toggle(owner, true, 'scheduled', new Date())).toBe(true);
    expect(toggle(admin, false, 'published', null)).toBe(false);
    expect(toggle(visitor, false, 'published', null)).toBe(false);
  });
});

describe('voting in a poll', () => {
  const fan = actorOf({ id: 'fan', role: 'user' });
  const open = {
    isOwner: false,
    status: 'published' as PostStatus,
    entitled: true,
    ended: false,
    voted: false,
  };
  const vote = (actor: typeof fan, facts: Partial<typeof open>) =>
    refusalOf(actor, 'post:vote', { ...open, ...facts });

  it('lets a signed-in fan who sees the post vote once while the poll is open', () => {
    expect(vote(fan, {})).toBeNull();
    expect(vote(fan, { voted: true })).toEqual({
      code: 'CONFLICT',
      message: 'You already voted in this poll',
    });
    expect(vote(fan, { ended: true })).toEqual({ code: 'CONFLICT', message: 'This poll has ended' });
    expect(vote(fan, { entitled: false })).toEqual({
      code: 'FORBIDDEN',
      message: 'Unlock this post to vote',
    });
    expect(vote(fan, { status: 'scheduled' })?.code).toBe('NOT_FOUND');
  });

  it('never lets the creator or a visitor vote', () => {
    expect(vote(owner, { isOwner: true })).toEqual({
      code: 'FORBIDDEN',
      message: 'You cannot vote in your own poll',
    });
    expect(vote(visitor, {})).not.toBeNull();
    // An admin is a fan like any other here.
    expect(vote(admin, {})).toBeNull();
  });
});
