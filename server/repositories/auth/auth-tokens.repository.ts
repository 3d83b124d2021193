import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { emailVerificationCodes, oauthExchangeCodes, passwordResetTokens } from '../../db/schema/index.ts';

export interface IssuedSecret {
  userId: string;
  hash: string;
  now: Date;
  expiresAt: Date;
}

/** Short-lived secrets mailed or handed to a user: verification codes, reset tokens, exchange codes. */
export function createAuthTokensRepository(db: Database) {
  return {
    /** The user's new code; any earlier one stops working. */
    async replaceVerificationCode(code: IssuedSecret): Promise<void> {
      const values = { codeHash: code.hash, attempts: 0, createdAt: code.now, expiresAt: code.expiresAt };
      await db
        .insert(emailVerificationCodes)
        .values({ userId: code.userId, ...values })
        .onConflictDoUpdate({ target: emailVerificationCodes.userId, set: values });
    },

    /**
     * Counts one attempt against the live code before it is compared, so parallel guesses
     * cannot exceed the limit. Null when there is no live code with attempts left.
     */
    async spendVerificationAttempt(
      userId: string,
      now: Date,
      maxAttempts: number,
    ): Promise<{ codeHash: string; attempts: number } | null> {
      const [row] = await db
        .update(emailVerificationCodes)
        .set({ attempts: sql`${emailVerificationCodes.attempts} + 1` })
        .where(
          and(
            eq(emailVerificationCodes.userId, userId),
            gt(emailVerificationCodes.expiresAt, now),
            lt(emailVerificationCodes.attempts, maxAttempts),
          ),
        )
        .returning({ codeHash: emailVerificationCodes.codeHash, attempts: emailVerificationCodes.attempts });
      return row ?? null;
    },

    async deleteVerificationCode(userId: string): Promise<void> {
      await db.delete(emailVerificationCodes).where(eq(emailVerificationCodes.userId, userId));
    },

    /** The user's new reset link; earlier links stop working. */
    async replaceResetToken(token: IssuedSecret): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, token.userId));
        await tx.insert(passwordResetTokens).values({
          tokenHash: token.hash,
          userId: token.userId,
          createdAt: token.now,
          expiresAt: token.expiresAt,
        });
      });
    },

    /** Deletes the token as it is read, so it works once; null when unknown or expired. */
    async consumeResetToken(hash: string, now: Date): Promise<string | null> {
      const [row] = await db
        .delete(passwordResetTokens)
        .where(and(eq(passwordResetTokens.tokenHash, hash), gt(passwordResetTokens.expiresAt, now)))
        .returning({ userId: passwordResetTokens.userId });
      return row?.userId ?? null;
    },

    async deleteResetTokensOfUser(userId: string): Promise<void> {
      await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
    },

    async createExchangeCode(code: IssuedSecret): Promise<void> {
      await db.delete(oauthExchangeCodes).where(lt(oauthExchangeCodes.expiresAt, code.now));
      await db.insert(oauthExchangeCodes).values({
        codeHash: code.hash,
        userId: code.userId,
        createdAt: code.now,
        expiresAt: code.expiresAt,
      });
    },

    /** Single use: deleted as it is read; null when unknown or expired. */
    async consumeExchangeCode(hash: string, now: Date): Promise<string | null> {
      const [row] = await db
        .delete(oauthExchangeCodes)
        .where(and(eq(oauthExchangeCodes.codeHash, hash), gt(oauthExchangeCodes.expiresAt, now)))
        .returning({ userId: oauthExchangeCodes.userId });
      return row?.userId ?? null;
    },
  };
}

export type AuthTokensRepository = ReturnType<typeof createAuthTokensRepository>;
