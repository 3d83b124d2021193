import { authMessages } from '../../../common/schemas/auth.ts';
import type { RateLimiter } from '../../adapters/rate-limit/index.ts';
import { rateLimited } from '../../errors.ts';

const MINUTE_MS = 60_000;
const WINDOW_MS = 15 * MINUTE_MS;
const ACCOUNT_FAILURES = 10;
const IP_FAILURES = 50;
const MAX_LOCK_MS = 24 * 60 * MINUTE_MS;

/**
 * Failed password checks, per account (10 per 15 minutes, then a lock that doubles with each
 * lockout in a day: 15 min, 30 min, 1 h, ... up to 24 h) and per IP (50 per 15 minutes).
 * Unknown emails are counted exactly like real ones, so a lock says nothing about an account.
 */
export function createSignInThrottle(limiter: RateLimiter) {
  return {
    async assertAllowed(email: string, ip: string): Promise<void> {
      const wait =
        (await limiter.blocked('signin-lock', email, 1)) ??
        (await limiter.blocked('signin-ip', ip, IP_FAILURES));
      if (wait !== null) throw rateLimited(authMessages.signInLocked, wait);
    },

    async recordFailure(email: string, ip: string): Promise<void> {
      await limiter.record('signin-ip', ip, WINDOW_MS);
      const failures = await limiter.record('signin-fail', email, WINDOW_MS);
      if (failures.count < ACCOUNT_FAILURES) return;
      const lockouts = await limiter.record('signin-lockouts', email, MAX_LOCK_MS);
      const lockMs = Math.min(WINDOW_MS * 2 ** (lockouts.count - 1), MAX_LOCK_MS);
      await limiter.clear('signin-fail', email);
      await limiter.record('signin-lock', email, lockMs);
    },

    /** A successful sign-in, or a password reset (which proves the mailbox), starts the count afresh. */
    async recordSuccess(email: string): Promise<void> {
      await limiter.clear('signin-fail', email);
      await limiter.clear('signin-lockouts', email);
      await limiter.clear('signin-lock', email);
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
