import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { payoutAccounts } from '../../../db/schema/index.ts';
import { firstRow } from '../../rows.ts';

export type PayoutAccountRecord = typeof payoutAccounts.$inferSelect;
export type NewPayoutAccount = Omit<typeof payoutAccounts.$inferInsert, 'id' | 'replacedAt'>;

/** Creators' payout accounts: one current, the older ones kept for the record. */
export function createPayoutAccountsRepository(db: Database) {
  return {
    current: (creatorUserId: string): Promise<PayoutAccountRecord | null> =>
      firstRow(
        db
          .select()
          .from(payoutAccounts)
          .where(and(eq(payoutAccounts.creatorUserId, creatorUserId), isNull(payoutAccounts.replacedAt))),
      ),

    findById: (id: string): Promise<PayoutAccountRecord | null> =>
      firstRow(db.select().from(payoutAccounts).where(eq(payoutAccounts.id, id))),

    /** The accounts payouts went to (a page of payouts' `payoutAccountId`s). */
    byIds: async (ids: readonly string[]): Promise<PayoutAccountRecord[]> =>
      ids.length === 0
        ? []
        : db
            .select()
            .from(payoutAccounts)
            .where(inArray(payoutAccounts.id, [...new Set(ids)])),

    /** Every account the creator had, newest first. */
    history: (creatorUserId: string): Promise<PayoutAccountRecord[]> =>
      db
        .select()
        .from(payoutAccounts)
        .where(eq(payoutAccounts.creatorUserId, creatorUserId))
        .orderBy(desc(payoutAccounts.createdAt), desc(payoutAccounts.id)),

    /** Makes `account` the current one; the one before is kept, marked replaced (call under the creator's lock). */
    async replace(account: NewPayoutAccount): Promise<PayoutAccountRecord> {
      await db
        .update(payoutAccounts)
        .set({ replacedAt: account.createdAt })
        .where(
          and(eq(payoutAccounts.creatorUserId, account.creatorUserId), isNull(payoutAccounts.replacedAt)),
        );
      const [row] = await db.insert(payoutAccounts).values(account).returning();
      if (!row) throw new Error('payout account insert returned nothing');
      return row;
    },
  };
}

export type PayoutAccountsRepository = ReturnType<typeof createPayoutAccountsRepository>;
