import { afterEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '#common/storage-keys.ts';
import { ApiError } from '../../lib/api-client.ts';
import { getSession, reloadSession, type Session } from '../../lib/session.ts';
import { safeNextPath } from './next-path.ts';
import { secondsUntilResend } from './resend-timer.ts';
import { afterSignIn } from './sign-in-flow.ts';

afterEach(() => {
  localStorage.clear();
  reloadSession();
});

function sessionFor(isEmailVerified: boolean): Session {
  return {
    token: 'token-1',
    user: {
      id: 'u1',
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      profileImage: null,
      isEmailVerified,
      role: 'user',
      createdAt: '2025-01-01T00:00:00.000Z',
    },
  };
}

describe('after signing in', () => {
  it('a verified user is signed in and goes on', async () => {
    const resend = vi.fn();
    const result = await afterSignIn(sessionFor(true), resend);
    expect(result.needsVerification).toBe(false);
    expect(resend).not.toHaveBeenCalled();
    expect(localStorage.getItem(storageKeys.token)).toBe('token-1');
    expect(JSON.parse(localStorage.getItem(storageKeys.user) ?? '{}').role).toBe('user');
    expect(getSession()?.user.email).toBe('ada@example.com');
    expect(localStorage.getItem(storageKeys.pendingEmail)).toBeNull();
  });

  it('an unverified user gets a fresh code, the address is kept, and the resend wait starts', async () => {
    const resend = vi.fn(async () => {});
    const result = await afterSignIn(sessionFor(false), resend);
    expect(result).toMatchObject({ needsVerification: true, codeSent: true });
    expect(resend).toHaveBeenCalledWith('ada@example.com');
    expect(localStorage.getItem(storageKeys.pendingEmail)).toBe('ada@example.com');
    expect(localStorage.getItem(storageKeys.token)).toBe('token-1');
    expect(secondsUntilResend('ada@example.com')).toBe(600);
  });

  it("a 429 on the resend is no failure: the server's wait is kept for 'Resend Code'", async () => {
    const resend = vi.fn(async () => {
      throw new ApiError(429, {
        message: 'Please wait before requesting another code',
        code: 'RATE_LIMITED',
        retryAfterSeconds: 125,
      });
    });
    const result = await afterSignIn(sessionFor(false), resend);
    expect(result).toMatchObject({ needsVerification: true, codeSent: false });
    expect(localStorage.getItem(storageKeys.pendingEmail)).toBe('ada@example.com');
    expect(secondsUntilResend('ada@example.com')).toBe(125);
  });

  it('a verified sign-in forgets its own address as pending, not somebody else’s', async () => {
    localStorage.setItem(storageKeys.pendingEmail, 'ada@example.com');
    await afterSignIn(sessionFor(true), vi.fn());
    expect(localStorage.getItem(storageKeys.pendingEmail)).toBeNull();

    localStorage.setItem(storageKeys.pendingEmail, 'grace@example.com');
    await afterSignIn(sessionFor(true), vi.fn());
    expect(localStorage.getItem(storageKeys.pendingEmail)).toBe('grace@example.com');
  });
});

describe('where sign-in leads (?next=)', () => {
  it('keeps paths on this site', () => {
    expect(safeNextPath('/discover?q=cats')).toBe('/discover?q=cats');
    expect(safeNextPath('/public-profile/42#posts')).toBe('/public-profile/42#posts');
  });

  it('goes home for anything else, and never back to an account page', () => {
    for (const next of [null, '', 'discover', '//evil.example', 'https://evil.example', '/\\evil.example']) {
      expect(safeNextPath(next), String(next)).toBe('/');
    }
    expect(safeNextPath('/login?next=/x')).toBe('/');
    expect(safeNextPath('/email-verification')).toBe('/');
  });
});
