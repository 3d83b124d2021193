import { and, desc, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { passkeys, webauthnChallenges } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../unique-violation.ts';

export type PasskeyRecord = typeof passkeys.$inferSelect;

export function createPasskeysRepository(db: Database) {
  return {
    listOf(userId: string): Promise<PasskeyRecord[]> {
      return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(desc(passkeys.createdAt));
    },

    async find(id: string): Promise<PasskeyRecord | null> {
      const [row] = await db.select().from(passkeys).where(eq(passkeys.id, id));
      return row ?? null;
    },

    /** Null when a passkey with this credential id is already registered (to anyone). */
    async create(row: typeof passkeys.$inferInsert): Promise<PasskeyRecord | null> {
      try {
        const [created] = await db.insert(passkeys).values(row).returning();
        if (!created) throw new Error('passkey insert returned nothing');
        return created;
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },

    async rename(id: string, name: string): Promise<PasskeyRecord | null> {
      const [row] = await db.update(passkeys).set({ name }).where(eq(passkeys.id, id)).returning();
      return row ?? null;
    },

    async remove(id: string): Promise<boolean> {
      const rows = await db.delete(passkeys).where(eq(passkeys.id, id)).returning({ id: passkeys.id });
      return rows.length > 0;
    },

    async used(id: string, counter: number, now: Date): Promise<void> {
      await db.update(passkeys).set({ counter, lastUsedAt: now }).where(eq(passkeys.id, id));
    },

    async saveChallenge(values: typeof webauthnChallenges.$inferInsert): Promise<void> {
      await db.insert(webauthnChallenges).values(values);
    },

    /** Takes a live challenge of this purpose (and account) away: true once, then never again. */
    async consumeChallenge(
      challenge: string,
      purpose: 'register' | 'sign-in',
      userId: string | null,
      now: Date,
    ): Promise<boolean> {
      const rows = await db
        .delete(webauthnChallenges)
        .where(
          and(
            eq(webauthnChallenges.challenge, challenge),
            eq(webauthnChallenges.purpose, purpose),
            userId ? eq(webauthnChallenges.userId, userId) : undefined,
            gt(webauthnChallenges.expiresAt, now),
          ),
        )
        .returning({ challenge: webauthnChallenges.challenge });
      return rows.length > 0;
    },
  };
}

export type PasskeysRepository = ReturnType<typeof createPasskeysRepository>;
