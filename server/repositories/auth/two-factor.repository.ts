import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  sessions,
  signInChallenges,
  twoFactorRecoveryCodes,
  twoFactorSecrets,
} from '../../db/schema/index.ts';

export type TwoFactorRecord = typeof twoFactorSecrets.$inferSelect;

export function createTwoFactorRepository(db: Database) {
  return {
    async find(userId: string): Promise<TwoFactorRecord | null> {
      const [row] = await db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
      return row ?? null;
    },

    /** A new secret waiting for its first code (replaces an unfinished setup, never an enabled one). */
    async startSetup(userId: string, secretCiphertext: string, now: Date): Promise<boolean> {
      const rows = await db
        .insert(twoFactorSecrets)
        .values({ userId, secretCiphertext, createdAt: now })
        .onConflictDoUpdate({
          target: twoFactorSecrets.userId,
          set: { secretCiphertext, createdAt: now, lastUsedStep: 0 },
          setWhere: isNull(twoFactorSecrets.enabledAt),
        })
        .returning({ userId: twoFactorSecrets.userId });
      return rows.length > 0;
    },

    /**
     * Records a code's time step as used, only if it is later than the last one: of two requests
     * with the same code, one wins.
     */
    async spendStep(userId: string, step: number): Promise<boolean> {
      const rows = await db
        .update(twoFactorSecrets)
        .set({ lastUsedStep: step })
        .where(and(eq(twoFactorSecrets.userId, userId), lt(twoFactorSecrets.lastUsedStep, step)))
        .returning({ userId: twoFactorSecrets.userId });
      return rows.length > 0;
    },

    /** Turns two-step on with its recovery codes (hashes), in one transaction. */
    async enable(userId: string, codeHashes: string[], now: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.update(twoFactorSecrets).set({ enabledAt: now }).where(eq(twoFactorSecrets.userId, userId));
        await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
        await tx.insert(twoFactorRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
      });
    },

    async disable(userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
        await tx.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
        await tx.delete(signInChallenges).where(eq(signInChallenges.userId, userId));
      });
    },

    /** Spends an unused recovery code; false when it is unknown or was used. */
    async spendRecoveryCode(userId: string, codeHash: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(twoFactorRecoveryCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(twoFactorRecoveryCodes.userId, userId),
            eq(twoFactorRecoveryCodes.codeHash, codeHash),
            isNull(twoFactorRecoveryCodes.usedAt),
          ),
        )
        .returning({ userId: twoFactorRecoveryCodes.userId });
      return rows.length > 0;
    },

    async recoveryCodesLeft(userId: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(twoFactorRecoveryCodes)
        .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
      return Number(row?.count ?? 0);
    },

    async createChallenge(values: { tokenHash: string; userId: string; now: Date; expiresAt: Date }) {
      await db.insert(signInChallenges).values({
        tokenHash: values.tokenHash,
        userId: values.userId,
        createdAt: values.now,
        expiresAt: values.expiresAt,
      });
    },

    /** Counts one try in the same statement that reads the challenge: parallel guesses cannot pass the limit. */
    async spendChallengeAttempt(tokenHash: string, now: Date, maxAttempts: number) {
      const [row] = await db
        .update(signInChallenges)
        .set({ attempts: sql`${signInChallenges.attempts} + 1` })
        .where(
          and(
            eq(signInChallenges.tokenHash, tokenHash),
            gt(signInChallenges.expiresAt, now),
            lt(signInChallenges.attempts, maxAttempts),
          ),
        )
        .returning({ userId: signInChallenges.userId, attempts: signInChallenges.attempts });
      return row ?? null;
    },

    async deleteChallenge(tokenHash: string): Promise<void> {
      await db.delete(signInChallenges).where(eq(signInChallenges.tokenHash, tokenHash));
    },

    async markSecondFactor(sessionId: string, now: Date): Promise<void> {
      await db.update(sessions).set({ secondFactorAt: now }).where(eq(sessions.id, sessionId));
    },
  };
}

export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;
