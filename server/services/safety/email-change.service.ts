import { limits } from '../../../common/limits.ts';
import type { ChangeEmailInput } from '../../../common/schemas/safety.ts';
import { changeEmailSchema, safetyMessages } from '../../../common/schemas/safety.ts';
import type { Outbox } from '../../adapters/mail/index.ts';
import type { RateLimiter } from '../../adapters/rate-limit/index.ts';
import { badRequest, conflict, rateLimited } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { blocked, consume, rateLimits, record } from '../../lib/rate-limits.ts';
import { hmacSha256, sameDigest, sixDigitCode } from '../../lib/secrets.ts';
import type { UserRecord, UsersRepository } from '../../repositories/auth/users.repository.ts';
import type {
  EmailChangeRecord,
  EmailChangesRepository,
} from '../../repositories/safety/email-changes.repository.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import { emailChangeCodeEmail, emailChangedNoticeEmail } from './emails.ts';

/** Where an account's email stands: its address and the change waiting for its code. */
export interface EmailChangeFacts {
  email: string;
  pending: EmailChangeRecord | null;
}

/**
 * Changing the email of an account: the current password proves the person, a 6-digit code sent
 * to the new address proves the mailbox, and only then does the address change (the old one is told).
 */
export function createEmailChangeService(deps: {
  changes: EmailChangesRepository;
  users: Pick<UsersRepository, 'findByEmail' | 'findById'>;
  passwords: Pick<PasswordHasher, 'verify'>;
  outbox: Outbox;
  limiter: RateLimiter;
  clock: Clock;
  appSecret: string;
}) {
  const { changes, clock } = deps;
  // Keyed, and bound to the user and the address: the code proves this address for this account.
  const codeHash = (userId: string, email: string, code: string) =>
    hmacSha256(deps.appSecret, `email-change:${userId}:${email}:${code}`);

  /** The account's address and the change waiting for its code, if any (presented by the route). */
  async function status(user: Pick<UserRecord, 'id' | 'email'>): Promise<EmailChangeFacts> {
    return { email: user.email, pending: await changes.pending(user.id, clock.now()) };
  }

  return {
    status,

    async request(
      user: UserRecord,
      input: ChangeEmailInput,
    ): Promise<EmailChangeFacts & { message: string }> {
      const { newEmail, currentPassword } = changeEmailSchema.parse(input);
      const wait = await consume(deps.limiter, rateLimits.emailChangeRequestsPerUser, user.id);
      if (wait !== null) throw rateLimited(safetyMessages.tooManyEmailChanges, wait);
      // An account made with Google has no password: it confirms with its current address.
      const confirmed = user.passwordHash
        ? await deps.passwords.verify(user.passwordHash, currentPassword)
        : currentPassword.trim().toLowerCase() === user.email.toLowerCase();
      if (!confirmed) {
        throw badRequest(safetyMessages.passwordIncorrect, {
          currentPassword: safetyMessages.passwordIncorrect,
        });
      }
      if (newEmail === user.email.toLowerCase()) {
        throw badRequest(safetyMessages.emailUnchanged, { newEmail: safetyMessages.emailUnchanged });
      }
      if (await deps.users.findByEmail(newEmail)) {
        throw conflict(safetyMessages.emailTaken, { newEmail: safetyMessages.emailTaken });
      }
      const code = sixDigitCode();
      const now = clock.now();
      await changes.replace({
        userId: user.id,
        newEmail,
        codeHash: codeHash(user.id, newEmail, code),
        now,
        expiresAt: new Date(now.getTime() + limits.auth.verificationCodeTtlSeconds * 1000),
      });
      await deps.outbox.send(emailChangeCodeEmail(newEmail, code));
      return { message: safetyMessages.emailCodeSent, ...(await status(user)) };
    },

    /** The right code makes the change; 5 wrong ones void it. The old address gets a notice. */
    async confirm(user: UserRecord, code: string): Promise<EmailChangeFacts & { message: string }> {
      const wait = await blocked(deps.limiter, rateLimits.emailChangeCodeFailuresPerUser, user.id);
      if (wait !== null) throw rateLimited(safetyMessages.tooManyEmailChanges, wait);
      const fail = async (message: string) => {
        await record(deps.limiter, rateLimits.emailChangeCodeFailuresPerUser, user.id);
        return badRequest(message, { code: message });
      };
      const attempt = await changes.spendAttempt(user.id, clock.now(), limits.auth.verificationCodeAttempts);
      if (!attempt) throw await fail(safetyMessages.codeExpired);
      if (!sameDigest(attempt.codeHash, codeHash(user.id, attempt.newEmail, code))) {
        if (attempt.attempts < limits.auth.verificationCodeAttempts) {
          throw await fail(safetyMessages.codeIncorrect);
        }
        await changes.discard(user.id);
        throw await fail(safetyMessages.codeVoided);
      }
      if (!(await changes.apply(user.id, attempt.newEmail, clock.now()))) {
        throw conflict(safetyMessages.emailTaken, { code: safetyMessages.emailTaken });
      }
      deps.outbox.sendInBackground(emailChangedNoticeEmail(user.email, attempt.newEmail));
      return {
        message: safetyMessages.emailChanged,
        ...(await status({ id: user.id, email: attempt.newEmail })),
      };
    },
  };
}

export type EmailChangeService = ReturnType<typeof createEmailChangeService>;
