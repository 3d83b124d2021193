import { authMessages } from '../../../common/schemas/auth.ts';
import type { RateLimiter } from '../../adapters/rate-limit/index.ts';
import { rateLimited } from '../../errors.ts';
import { blocked, clear, rateLimits, record } from '../../lib/rate-limits.ts';

const { signInFailuresPerIp, signInFailuresPerAccount, signInLockouts, signInLock } = rateLimits;

/**
 * Failed password checks, per account (10 per 15 minutes, then a lock that doubles with each
 * lockout in a day: 15 min, 30 min, 1 h, ... up to 24 h) and per IP (50 per 15 minutes).
 * Unknown emails are counted exactly like real ones, so a lock says nothing about an account.
 * The numbers are in server/lib/rate-limits.ts.
 */
export function createSignInThrottle(limiter: RateLimiter) {
  return {
    async assertAllowed(email: string, ip: string): Promise<void> {
      const wait =
        (await blocked(limiter, signInLock, email)) ?? (await blocked(limiter, signInFailuresPerIp, ip));
      if (wait !== null) throw rateLimited(authMessages.signInLocked, wait);
    },

    async recordFailure(email: string, ip: string): Promise<void> {
      await record(limiter, signInFailuresPerIp, ip);
      const failures = await record(limiter, signInFailuresPerAccount, email);
      if (failures.count < signInFailuresPerAccount.limit) return;
      const lockouts = await record(limiter, signInLockouts, email);
      const lockMs = Math.min(signInLock.windowMs * 2 ** (lockouts.count - 1), signInLock.maxWindowMs);
      await clear(limiter, signInFailuresPerAccount, email);
      await record(limiter, signInLock, email, lockMs);
    },

    /** A successful sign-in, or a password reset (which proves the mailbox), starts the count afresh. */
    async recordSuccess(email: string): Promise<void> {
      await clear(limiter, signInFailuresPerAccount, email);
      await clear(limiter, signInLockouts, email);
      await clear(limiter, signInLock, email);
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
