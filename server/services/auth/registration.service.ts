import { limits } from '../../../common/limits.ts';
import { authMessages } from '../../../common/schemas/auth.ts';
import type { Outbox } from '../../adapters/mail/index.ts';
import type { RateLimiter } from '../../adapters/rate-limit/index.ts';
import { badRequest, rateLimited } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { blocked, consume, type RateLimit, rateLimits, record } from '../../lib/rate-limits.ts';
import { hmacSha256, sameDigest, sixDigitCode } from '../../lib/secrets.ts';
import type { AuthTokensRepository } from '../../repositories/auth/auth-tokens.repository.ts';
import type { UserRecord, UsersRepository } from '../../repositories/auth/users.repository.ts';
import type { AdminGrant } from './admin-grant.ts';
import type { ClientInfo } from './client-info.ts';
import { signupAttemptEmail, verificationCodeEmail } from './emails.ts';
import { assertAcceptablePassword, type PasswordHasher } from './passwords.ts';
import type { SessionService } from './sessions.service.ts';

export interface SignupRequest {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export function createRegistrationService(deps: {
  users: UsersRepository;
  tokens: AuthTokensRepository;
  sessions: SessionService;
  passwords: PasswordHasher;
  outbox: Outbox;
  limiter: RateLimiter;
  grantAdminIfListed: AdminGrant;
  clock: Clock;
  appSecret: string;
  publicUrl: string;
}) {
  const { users, tokens, limiter, clock } = deps;
  // Keyed and bound to the user: a leaked table does not give the codes away by brute force.
  const codeHash = (userId: string, code: string) => hmacSha256(deps.appSecret, `${userId}:${code}`);

  async function limit(rule: RateLimit, subject: string, message: string) {
    const wait = await consume(limiter, rule, subject);
    if (wait !== null) throw rateLimited(message, wait);
  }

  async function issueCode(user: UserRecord): Promise<string> {
    const code = sixDigitCode();
    const now = clock.now();
    await tokens.replaceVerificationCode({
      userId: user.id,
      hash: codeHash(user.id, code),
      now,
      expiresAt: new Date(now.getTime() + limits.auth.verificationCodeTtlSeconds * 1000),
    });
    return code;
  }

  return {
    /**
     * Creates an unverified account and mails its first code. An address that already has an
     * account gets the same answer in about the same time (the password is hashed either way and
     * every mail leaves in the background); its owner is told by email, with a sign-in and a reset
     * link, and nothing changes. So sign-up cannot be used to learn who has an account.
     */
    async signup(request: SignupRequest, client: ClientInfo): Promise<{ email: string }> {
      await limit(rateLimits.signUpPerIp, client.ip, authMessages.tooManyRequests);
      assertAcceptablePassword(request.password, 'password');
      const passwordHash = await deps.passwords.hash(request.password);
      const existing = await users.findByEmail(request.email);
      const user = existing
        ? null
        : await users.create({
            email: request.email,
            passwordHash,
            firstName: request.firstName,
            lastName: request.lastName,
            isEmailVerified: false,
            now: clock.now(),
          });
      if (!user) {
        // Taken (or taken a moment ago by a parallel sign-up): the owner hears of it.
        const owner = existing ?? (await users.findByEmail(request.email));
        if (owner && !owner.deletedAt) {
          deps.outbox.sendInBackground(
            signupAttemptEmail(owner.email, {
              signIn: `${deps.publicUrl}/login`,
              reset: `${deps.publicUrl}/login?forgot=1`,
            }),
          );
        }
        return { email: request.email };
      }
      const code = await issueCode(user);
      deps.outbox.sendInBackground(verificationCodeEmail(user.email, code));
      return { email: user.email };
    },

    /** A right code verifies the email and signs the user in; 5 wrong ones void it. */
    async verifyEmail(
      email: string,
      code: string,
      client: ClientInfo,
    ): Promise<{ token: string; user: UserRecord }> {
      const wait = await blocked(limiter, rateLimits.verificationFailuresPerIp, client.ip);
      if (wait !== null) throw rateLimited(authMessages.tooManyRequests, wait);
      const fail = async (message: string) => {
        await record(limiter, rateLimits.verificationFailuresPerIp, client.ip);
        return badRequest(message, { code: message });
      };

      const user = await users.findByEmail(email);
      if (!user || user.isEmailVerified) throw await fail(authMessages.codeExpired);
      const attempt = await tokens.spendVerificationAttempt(
        user.id,
        clock.now(),
        limits.auth.verificationCodeAttempts,
      );
      if (!attempt) throw await fail(authMessages.codeExpired);
      if (!sameDigest(attempt.codeHash, codeHash(user.id, code))) {
        if (attempt.attempts < limits.auth.verificationCodeAttempts)
          throw await fail(authMessages.codeIncorrect);
        await tokens.deleteVerificationCode(user.id);
        throw await fail(authMessages.codeVoided);
      }

      await tokens.deleteVerificationCode(user.id);
      const verified = (await users.markEmailVerified(user.id, clock.now())) ?? user;
      const signedIn = await deps.grantAdminIfListed(verified);
      const { token } = await deps.sessions.start(signedIn.id, client);
      return { token, user: signedIn };
    },

    /**
     * A new code, at most once per 600 s per address. Unknown and already verified addresses get
     * the same answer and the same wait, but no mail.
     */
    async resendVerification(email: string, client: ClientInfo): Promise<void> {
      await limit(rateLimits.verificationResendsPerIp, client.ip, authMessages.tooManyRequests);
      await limit(rateLimits.verificationResendPerEmail, email, authMessages.resendTooSoon);
      const user = await users.findByEmail(email);
      if (!user || user.isEmailVerified) return;
      const code = await issueCode(user);
      deps.outbox.sendInBackground(verificationCodeEmail(user.email, code));
    },
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
