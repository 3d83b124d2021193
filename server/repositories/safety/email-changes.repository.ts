import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { emailChangeRequests, users } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../unique-violation.ts';

export type EmailChangeRecord = typeof emailChangeRequests.$inferSelect;

export function createEmailChangesRepository(db: Database) {
  return {
    /** The user's waiting change, if its code has not expired. */
    async pending(userId: string, now: Date): Promise<EmailChangeRecord | null> {
      const [row] = await db
        .select()
        .from(emailChangeRequests)
        .where(and(eq(emailChangeRequests.userId, userId), gt(emailChangeRequests.expiresAt, now)));
      return row ?? null;
    },

    /** One request per user: a new one replaces the last (and its code). */
    async replace(request: {
      userId: string;
      newEmail: string;
      codeHash: string;
      now: Date;
      expiresAt: Date;
    }): Promise<EmailChangeRecord> {
      const values = {
        userId: request.userId,
        newEmail: request.newEmail,
        codeHash: request.codeHash,
        attempts: 0,
        createdAt: request.now,
        expiresAt: request.expiresAt,
      };
      const [row] = await db
        .insert(emailChangeRequests)
        .values(values)
        .onConflictDoUpdate({ target: emailChangeRequests.userId, set: values })
        .returning();
      if (!row) throw new Error('email change upsert returned nothing');
      return row;
    },

    /** Counts one try of a live code; null when there is none left to try (expired, voided or none). */
    async spendAttempt(userId: string, now: Date, maxAttempts: number): Promise<EmailChangeRecord | null> {
      const [row] = await db
        .update(emailChangeRequests)
        .set({ attempts: sql`${emailChangeRequests.attempts} + 1` })
        .where(
          and(
            eq(emailChangeRequests.userId, userId),
            gt(emailChangeRequests.expiresAt, now),
            lt(emailChangeRequests.attempts, maxAttempts),
          ),
        )
        .returning();
      return row ?? null;
    },

    async discard(userId: string): Promise<void> {
      await db.delete(emailChangeRequests).where(eq(emailChangeRequests.userId, userId));
    },

    /**
     * The change takes effect: the new address, verified (the code proved it), and the request
     * gone, together. False when someone took the address in the meantime.
     */
    async apply(userId: string, newEmail: string, now: Date): Promise<boolean> {
      try {
        await db.transaction(async (tx) => {
          await tx
            .update(users)
            .set({ email: newEmail, isEmailVerified: true, updatedAt: now })
            .where(eq(users.id, userId));
          await tx.delete(emailChangeRequests).where(eq(emailChangeRequests.userId, userId));
        });
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) {
          await db.delete(emailChangeRequests).where(eq(emailChangeRequests.userId, userId));
          return false;
        }
        throw error;
      }
    },
  };
}

export type EmailChangesRepository = ReturnType<typeof createEmailChangesRepository>;
