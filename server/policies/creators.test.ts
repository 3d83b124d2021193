import { describe, expect, it } from 'vitest';
import { creatorMessages } from '../../common/schemas/creators.ts';
import { postMessages } from '../../common/schemas/posts.ts';
import { withViewerCountry } from '../lib/viewer-region.ts';
import { actorOf, can, refusalOf } from './access.ts';

const fan = actorOf({ id: 'fan', role: 'user' });
const owner = actorOf({ id: 'creator', role: 'user' });
const admin = actorOf({ id: 'admin', role: 'admin' });
const visitor = actorOf(null);
const approved = { userId: 'creator', status: 'approved' as const, displayName: 'Maker' };
const inReview = { ...approved, status: 'pending_review' as const };

/** Runs `ask` as if the request came from `country`. */
const from = <T>(country: string | null, ask: () => T): T => {
  let answer: T | undefined;
  withViewerCountry(country, () => {
    answer = ask();
  });
  return answer as T;
};

describe('seeing a creator page', () => {
  it('shows an approved page to everyone, and one in review only to its owner and admins', () => {
    const sees = (actor: typeof fan, creator: typeof approved | typeof inReview) =>
      can(actor, 'creator:view', { creator, blocked: false });
    expect([fan, visitor, owner, admin].map((actor) => sees(actor, approved))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect([fan, visitor, owner, admin].map((actor) => sees(actor, inReview))).toEqual([
      false,
      false,
      true,
      true,
    ]);
    expect(refusalOf(fan, 'creator:view', { creator: inReview, blocked: false })).toEqual({
      code: 'NOT_FOUND',
      message: creatorMessages.creatorNotFound,
    });
  });

  it('hides the page across a block, telling the one who blocked whom to unblock', () => {
    expect(refusalOf(fan, 'creator:view', { creator: approved, blocked: true })?.code).toBe('NOT_FOUND');
    expect(
      refusalOf(fan, 'creator:view', { creator: approved, blocked: true, viewerBlockedThem: true }),
    ).toEqual({ code: 'BLOCKED_BY_YOU', message: 'You blocked Maker', fields: { userId: 'creator' } });
    expect(can(admin, 'creator:view', { creator: approved, blocked: true })).toBe(true);
  });

  it('answers 451 where the creator chose not to be shown, unless a block answers first', () => {
    const page = { ...approved, blockedCountries: ['GB'] };
    const region = { code: 'REGION_BLOCKED', message: creatorMessages.regionBlocked };
    expect(from('GB', () => refusalOf(fan, 'creator:view', { creator: page, blocked: false }))).toEqual(
      region,
    );
    expect(from('GB', () => refusalOf(fan, 'creator:region', { creator: page }))).toEqual(region);
    expect(from('US', () => refusalOf(fan, 'creator:view', { creator: page, blocked: false }))).toBeNull();
    expect(from('GB', () => refusalOf(fan, 'creator:view', { creator: page, blocked: true }))?.code).toBe(
      'NOT_FOUND',
    );
    expect(from('GB', () => refusalOf(owner, 'creator:region', { creator: page }))).toBeNull();
  });
});

describe('following', () => {
  it('refuses yourself, a block and a page not approved, in their words', () => {
    expect(refusalOf(fan, 'creator:follow', { creator: approved, blocked: false })).toBeNull();
    expect(refusalOf(owner, 'creator:follow', { creator: approved, blocked: false })?.message).toBe(
      creatorMessages.cannotFollowSelf,
    );
    expect(refusalOf(fan, 'creator:follow', { creator: approved, blocked: true })?.message).toBe(
      creatorMessages.cannotFollow,
    );
    expect(refusalOf(fan, 'creator:follow', { creator: inReview, blocked: false })?.message).toBe(
      creatorMessages.cannotFollow,
    );
  });

  it('offers the toggle to whoever may follow or already follows, never to the creator', () => {
    const toggle = (actor: typeof fan, blocked: boolean, isFollowing: boolean) =>
      can(actor, 'creator:follow-toggle', { creator: approved, blocked, isFollowing });
    expect(toggle(visitor, false, false)).toBe(true);
    expect(toggle(fan, true, false)).toBe(false);
    expect(toggle(fan, true, true)).toBe(true);
    expect(toggle(owner, false, true)).toBe(false);
  });
});

describe('what the page offers', () => {
  it('lets the creator edit, and everyone else message and report', () => {
    const page = { creator: approved };
    expect([owner, fan, visitor].map((actor) => can(actor, 'creator:edit', page))).toEqual([
      true,
      false,
      false,
    ]);
    expect([owner, fan, visitor].map((actor) => can(actor, 'creator:message', page))).toEqual([
      false,
      true,
      true,
    ]);
    expect([owner, fan, visitor].map((actor) => can(actor, 'creator:report', page))).toEqual([
      false,
      true,
      true,
    ]);
    expect([owner, admin, fan].map((actor) => can(actor, 'creator:review-notes', page))).toEqual([
      true,
      true,
      false,
    ]);
  });
});

describe('posting as a creator', () => {
  it('needs a creator page, approved', () => {
    expect(refusalOf(owner, 'creator:publish', { creator: null })).toEqual({
      code: 'FORBIDDEN',
      message: postMessages.onlyCreators,
    });
    expect(refusalOf(owner, 'creator:publish', { creator: inReview })).toEqual({
      code: 'FORBIDDEN',
      message: postMessages.notApproved,
    });
    expect(refusalOf(owner, 'creator:publish', { creator: approved })).toBeNull();
  });

  it('tells someone with a page already that onboarding is done', () => {
    expect(refusalOf(owner, 'creator:onboard', { isCreator: true })).toEqual({
      code: 'CONFLICT',
      message: creatorMessages.alreadyCreator,
    });
    expect(can(fan, 'creator:onboard', { isCreator: false })).toBe(true);
  });
});
