import { limits } from '../../../common/limits.ts';
import { authMessages } from '../../../common/schemas/auth.ts';
import type { Outbox } from '../../adapters/mail/index.ts';
import type { RateLimiter } from '../../adapters/rate-limit/index.ts';
import { badRequest, rateLimited } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { consume, type RateLimit, rateLimits } from '../../lib/rate-limits.ts';
import { randomToken, sha256 } from '../../lib/secrets.ts';
import type { AuthTokensRepository } from '../../repositories/auth/auth-tokens.repository.ts';
import type { UserRecord, UsersRepository } from '../../repositories/auth/users.repository.ts';
import type { ClientInfo } from './client-info.ts';
import { passwordChangedEmail, passwordResetEmail } from './emails.ts';
import { assertAcceptablePassword, type PasswordHasher } from './passwords.ts';
import type { SessionService } from './sessions.service.ts';
import type { SignInThrottle } from './sign-in-throttle.ts';

export function createPasswordService(deps: {
  users: UsersRepository;
  tokens: AuthTokensRepository;
  sessions: SessionService;
  passwords: PasswordHasher;
  throttle: SignInThrottle;
  outbox: Outbox;
  limiter: RateLimiter;
  clock: Clock;
  publicUrl: string;
}) {
  const { users, tokens, clock } = deps;

  async function limit(rule: RateLimit, subject: string) {
    const wait = await consume(deps.limiter, rule, subject);
    if (wait !== null) throw rateLimited(authMessages.tooManyRequests, wait);
  }

  return {
    /**
     * Mails a single-use link valid one hour. Known and unknown addresses get the same answer in
     * about the same time: the mail leaves in the background and the work done is the same.
     */
    async forgot(email: string, client: ClientInfo): Promise<void> {
      await limit(rateLimits.passwordResetsPerIp, client.ip);
      await limit(rateLimits.passwordResetsPerEmail, email);
      const token = randomToken();
      const user = await users.findByEmail(email);
      if (!user) return;
      const now = clock.now();
      await tokens.replaceResetToken({
        userId: user.id,
        hash: sha256(token),
        now,
        expiresAt: new Date(now.getTime() + limits.auth.resetTokenTtlSeconds * 1000),
      });
      const link = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
      deps.outbox.sendInBackground(passwordResetEmail(user.email, link));
    },

    /** The link proves the mailbox: new password, email verified, every session signed out. */
    async reset(token: string, password: string): Promise<void> {
      assertAcceptablePassword(password, 'password');
      const userId = await tokens.consumeResetToken(sha256(token), clock.now());
      const user = userId ? await users.findById(userId) : null;
      if (!user) throw badRequest(authMessages.resetLinkInvalid, { token: authMessages.resetLinkInvalid });
      const now = clock.now();
      await users.setPasswordHash(user.id, await deps.passwords.hash(password), now);
      if (!user.isEmailVerified) await users.markEmailVerified(user.id, now);
      await tokens.deleteResetTokensOfUser(user.id);
      await deps.sessions.endAllOf(user.id);
      await deps.throttle.recordSuccess(user.email);
      deps.outbox.sendInBackground(passwordChangedEmail(user.email));
    },

    /** Needs the current password; signs out every other session and keeps this one. */
    async change(
      user: UserRecord,
      currentSessionId: string,
      currentPassword: string,
      newPassword: string,
      client: ClientInfo,
    ): Promise<void> {
      assertAcceptablePassword(newPassword, 'newPassword');
      await deps.throttle.assertAllowed(user.email, client.ip);
      if (!(await deps.passwords.verify(user.passwordHash, currentPassword))) {
        await deps.throttle.recordFailure(user.email, client.ip);
        throw badRequest(authMessages.currentPasswordIncorrect, {
          currentPassword: authMessages.currentPasswordIncorrect,
        });
      }
      await users.setPasswordHash(user.id, await deps.passwords.hash(newPassword), clock.now());
      await deps.sessions.endOthersOf(user.id, currentSessionId);
      deps.outbox.sendInBackground(passwordChangedEmail(user.email));
    },
  };
}

export type PasswordService = ReturnType<typeof createPasswordService>;
