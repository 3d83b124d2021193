import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { payoutSettings } from '../../../db/schema/index.ts';
import { firstRow } from '../../rows.ts';

export type PayoutSettingsRecord = typeof payoutSettings.$inferSelect;
export type PayoutSettingsChanges = Partial<
  Pick<PayoutSettingsRecord, 'schedule' | 'weekday' | 'minimumCents' | 'automaticHoldUntil'>
>;

export function createPayoutSettingsRepository(db: Database) {
  return {
    find: (creatorUserId: string): Promise<PayoutSettingsRecord | null> =>
      firstRow(db.select().from(payoutSettings).where(eq(payoutSettings.creatorUserId, creatorUserId))),

    /** Writes the given fields, making the row with the defaults for the others when there is none. */
    async save(
      creatorUserId: string,
      changes: PayoutSettingsChanges,
      now: Date,
    ): Promise<PayoutSettingsRecord> {
      const [row] = await db
        .insert(payoutSettings)
        .values({ creatorUserId, ...changes, updatedAt: now })
        .onConflictDoUpdate({ target: payoutSettings.creatorUserId, set: { ...changes, updatedAt: now } })
        .returning();
      if (!row) throw new Error('payout settings upsert returned nothing');
      return row;
    },

    /** Creators paid weekly on `weekday` and not held at `now` (the weekly run). */
    weeklyOn: (weekday: number, now: Date): Promise<PayoutSettingsRecord[]> =>
      db
        .select()
        .from(payoutSettings)
        .where(
          and(
            eq(payoutSettings.schedule, 'weekly'),
            eq(payoutSettings.weekday, weekday),
            or(isNull(payoutSettings.automaticHoldUntil), lte(payoutSettings.automaticHoldUntil, now)),
          ),
        )
        .orderBy(sql`${payoutSettings.creatorUserId}`),
  };
}

export type PayoutSettingsRepository = ReturnType<typeof createPayoutSettingsRepository>;
