import { describe, expect, it } from 'vitest';
import { safetyMessages } from '../../../common/schemas/safety.ts';
import { twoFactorMessages } from '../../../common/schemas/two-factor.ts';
import { actorOf, can, refusalOf } from '../access.ts';
import { STEP_UP_WINDOW_MS } from './accounts.ts';

const me = actorOf({ id: 'me', role: 'user' });

describe('blocking and removing people', () => {
  it('blocks anyone but oneself', () => {
    expect(can(me, 'user:block', { userId: 'someone' })).toBe(true);
    expect(refusalOf(me, 'user:block', { userId: 'me' })).toEqual({
      code: 'FORBIDDEN',
      message: safetyMessages.cannotBlockYourself,
    });
  });

  it('removes only someone blocked first', () => {
    expect(can(me, 'user:remove', { blocked: true })).toBe(true);
    expect(refusalOf(me, 'user:remove', { blocked: false })).toEqual({
      code: 'CONFLICT',
      message: safetyMessages.removeNeedsBlock,
    });
  });
});

describe('downloading a data export', () => {
  it('opens it to its owner while it is kept; to anyone else it does not exist', () => {
    expect(can(me, 'data-export:download', { ownerId: 'me', available: true })).toBe(true);
    const gone = { code: 'NOT_FOUND', message: safetyMessages.exportNotFound };
    expect(refusalOf(me, 'data-export:download', { ownerId: 'someone', available: true })).toEqual(gone);
    expect(refusalOf(me, 'data-export:download', { ownerId: 'me', available: false })).toEqual(gone);
    expect(refusalOf(me, 'data-export:download', { ownerId: null, available: false })).toEqual(gone);
    expect(can(actorOf(null), 'data-export:download', { ownerId: 'me', available: true })).toBe(false);
  });
});

describe('sensitive actions', () => {
  const now = new Date('2026-01-01T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);

  it('need nothing more without two-step sign-in', () => {
    expect(can(me, 'account:sensitive', { twoFactorOn: false, secondFactorAt: null, now })).toBe(true);
  });

  it('with two-step on, need a second factor proved in this session in the last 5 minutes', () => {
    const required = { code: 'TWO_FACTOR_REQUIRED', message: twoFactorMessages.required };
    const standing = (secondFactorAt: Date | null) => ({ twoFactorOn: true, secondFactorAt, now });
    expect(refusalOf(me, 'account:sensitive', standing(null))).toEqual(required);
    expect(refusalOf(me, 'account:sensitive', standing(ago(STEP_UP_WINDOW_MS)))).toBeNull();
    expect(refusalOf(me, 'account:sensitive', standing(ago(STEP_UP_WINDOW_MS + 1)))).toEqual(required);
  });
});
