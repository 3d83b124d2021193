import { describe, expect, it } from 'vitest';
import { creatorMessages } from '../../common/schemas/creators.ts';
import { fanPaymentMessages } from '../../common/schemas/fan-payments.ts';
import { withViewerCountry } from '../lib/viewer-region.ts';
import { accessMatrix } from '../routes/hardening/access-matrix.ts';
import { actorOf, assertCan, can, refusalOf } from './access.ts';
import { actions } from './actions.ts';

const fan = actorOf({ id: 'fan', role: 'user' });
const creator = actorOf({ id: 'creator', role: 'user' });
const admin = actorOf({ id: 'admin', role: 'admin' });
const visitor = actorOf(null);

describe('the action table', () => {
  it('names, for every action, routes that the authorization matrix calls as every actor', () => {
    const missing = Object.entries(actions).flatMap(([action, row]) => [
      ...(row.routes.length === 0 ? [`${action}: no route`] : []),
      ...row.routes.filter((route) => !(route in accessMatrix)).map((route) => `${action}: ${route}`),
    ]);
    expect(missing).toEqual([]);
  });
});

describe('the access funnel', () => {
  it('answers a refusal in the words and status its row gives', () => {
    expect(refusalOf(fan, 'list:use', { ownerId: 'someone else' })).toEqual({
      code: 'NOT_FOUND',
      message: 'List not found',
    });
    expect(() => assertCan(fan, 'list:change', { ownerId: 'fan', builtIn: true })).toThrow(
      expect.objectContaining({ statusCode: 403, message: 'Favourites cannot be renamed or deleted' }),
    );
    expect(() => assertCan(fan, 'list:change', { ownerId: 'fan', builtIn: false })).not.toThrow();
  });

  it('lets the author, the post’s creator and admins delete a comment, and nobody else', () => {
    const comment = { authorId: 'fan', postOwnerId: 'creator' };
    expect(
      [fan, creator, admin, actorOf({ id: 'other', role: 'user' }), visitor].map((actor) =>
        can(actor, 'comment:delete', comment),
      ),
    ).toEqual([true, true, true, false, false]);
  });

  it('keeps comments open to the post’s creator when they are turned off', () => {
    const off = { postOwnerId: 'creator', enabled: false };
    expect(can(creator, 'comment:write', off)).toBe(true);
    expect(can(fan, 'comment:write', off)).toBe(false);
    expect(can(fan, 'comment:write', { ...off, enabled: true })).toBe(true);
    expect(can(visitor, 'comment:write', { ...off, enabled: true })).toBe(false);
  });
});

describe('paying a creator', () => {
  const page = { userId: 'creator', status: 'approved' as const, blockedCountries: ['GB'] };
  const verifiedFan = actorOf({ id: 'fan', role: 'user', isEmailVerified: true });
  const unverifiedFan = actorOf({ id: 'fan', role: 'user', isEmailVerified: false });
  /** The refusal as asked from a request coming from `country`. */
  const from = (country: string | null, ask: () => unknown) => {
    let answer: unknown;
    withViewerCountry(country, () => {
      answer = ask();
    });
    return answer;
  };

  it('needs a verified email (an actor that does not say counts as not verified)', () => {
    const unverified = { code: 'EMAIL_NOT_VERIFIED', message: fanPaymentMessages.verifyEmailToPay };
    expect(refusalOf(unverifiedFan, 'creator:pay', { creator: page, blocked: false })).toEqual(unverified);
    expect(refusalOf(fan, 'creator:pay', { creator: page, blocked: false })).toEqual(unverified);
    expect(refusalOf(verifiedFan, 'creator:pay', { creator: page, blocked: false })).toBeNull();
  });

  it('is refused where the creator chose not to be shown, unless a block answers first; the creator and admins are exempt', () => {
    const region = { code: 'REGION_BLOCKED', message: creatorMessages.regionBlocked };
    const ask =
      (actor: typeof fan, blocked = false) =>
      () =>
        refusalOf(actor, 'creator:pay', { creator: page, blocked });
    expect(from('GB', ask(verifiedFan))).toEqual(region);
    expect(from('US', ask(verifiedFan))).toBeNull();
    expect(from('GB', ask(verifiedFan, true))).toBeNull();
    expect(from('GB', ask(actorOf({ id: 'creator', role: 'user', isEmailVerified: true })))).toBeNull();
    expect(from('GB', ask(actorOf({ id: 'admin', role: 'admin', isEmailVerified: true })))).toBeNull();
  });

  it('names the payment routes, each of which the matrix calls as the unverified account expecting a refusal', () => {
    for (const route of actions['creator:pay'].routes)
      expect(['verified', 'owner'], route).toContain(accessMatrix[route]?.who);
  });
});

describe('accounts', () => {
  it('stops an unverified account from acting on others with 403 EMAIL_NOT_VERIFIED', () => {
    expect(can(actorOf({ id: 'a', role: 'user', isEmailVerified: true }), 'account:act', {})).toBe(true);
    expect(() =>
      assertCan(actorOf({ id: 'a', role: 'user', isEmailVerified: false }), 'account:act', {}),
    ).toThrow(
      expect.objectContaining({
        statusCode: 403,
        code: 'EMAIL_NOT_VERIFIED',
        message: 'Please verify your email address first',
      }),
    );
    expect(can(visitor, 'account:act', {})).toBe(false);
  });

  it('keeps a session its owner’s alone: to anyone else it does not exist', () => {
    expect(can(fan, 'session:revoke', { ownerId: 'fan' })).toBe(true);
    expect(refusalOf(creator, 'session:revoke', { ownerId: 'fan' })?.code).toBe('NOT_FOUND');
    expect(refusalOf(fan, 'session:revoke', { ownerId: null })?.code).toBe('NOT_FOUND');
  });

  it('lets admins alone do admin work, in words naming the task', () => {
    expect(can(admin, 'admin:act', { task: 'review creators' })).toBe(true);
    expect(refusalOf(fan, 'admin:act', { task: 'review creators' })?.message).toBe(
      'Only admins can review creators',
    );
    expect(can(visitor, 'admin:act', { task: 'do this' })).toBe(false);
  });

  it('refuses sign-in to a suspended or deleted account', () => {
    const now = new Date();
    expect(can(visitor, 'account:sign-in', { suspendedAt: null, deletedAt: null })).toBe(true);
    expect(refusalOf(visitor, 'account:sign-in', { suspendedAt: now, deletedAt: null })?.code).toBe(
      'FORBIDDEN',
    );
    expect(can(visitor, 'account:sign-in', { suspendedAt: null, deletedAt: now })).toBe(false);
  });
});
