import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { savedCards } from '../../../db/schema/index.ts';

export type SavedCardRecord = typeof savedCards.$inferSelect;
type Provider = SavedCardRecord['provider'];

/** A fan's saved card per provider (server/db/schema/fan-payments.ts `savedCards`). */
export function createSavedCardsRepository(db: Database) {
  return {
    async find(userId: string, provider: Provider): Promise<SavedCardRecord | null> {
      const [row] = await db
        .select()
        .from(savedCards)
        .where(and(eq(savedCards.userId, userId), eq(savedCards.provider, provider)));
      return row ?? null;
    },

    /** The card of the fan's latest payment replaces the one kept before. */
    async save(
      card: Pick<SavedCardRecord, 'userId' | 'provider' | 'authorizationCode' | 'brand' | 'last4'>,
      now: Date,
    ): Promise<void> {
      await db
        .insert(savedCards)
        .values({ ...card, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: [savedCards.userId, savedCards.provider],
          set: {
            authorizationCode: sql`excluded.authorization_code`,
            brand: sql`excluded.brand`,
            last4: sql`excluded.last4`,
            createdAt: sql`case when ${savedCards.authorizationCode} = excluded.authorization_code then ${savedCards.createdAt} else excluded.created_at end`,
            updatedAt: now,
          },
        });
    },

    /** False when there was none. */
    async forget(userId: string, provider: Provider): Promise<boolean> {
      const rows = await db
        .delete(savedCards)
        .where(and(eq(savedCards.userId, userId), eq(savedCards.provider, provider)))
        .returning({ id: savedCards.id });
      return rows.length > 0;
    },

    /** A card the provider no longer charges (declined as invalid) is no longer offered. */
    async forgetCode(userId: string, authorizationCode: string): Promise<void> {
      await db
        .delete(savedCards)
        .where(and(eq(savedCards.userId, userId), eq(savedCards.authorizationCode, authorizationCode)));
    },
  };
}

export type SavedCardsRepository = ReturnType<typeof createSavedCardsRepository>;
