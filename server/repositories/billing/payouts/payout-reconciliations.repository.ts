import { desc } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { payoutReconciliations } from '../../../db/schema/index.ts';
import { firstRow } from '../../rows.ts';

export type PayoutReconciliationRecord = typeof payoutReconciliations.$inferSelect;

/** Reconciliation results, kept for the record; the newest is the one admins and metrics read. */
export function createPayoutReconciliationsRepository(db: Database) {
  return {
    latest: (): Promise<PayoutReconciliationRecord | null> =>
      firstRow(
        db
          .select()
          .from(payoutReconciliations)
          .orderBy(desc(payoutReconciliations.ranAt), desc(payoutReconciliations.id))
          .limit(1),
      ),

    async add(
      report: Omit<typeof payoutReconciliations.$inferInsert, 'id'>,
    ): Promise<PayoutReconciliationRecord> {
      const [row] = await db.insert(payoutReconciliations).values(report).returning();
      if (!row) throw new Error('reconciliation insert returned nothing');
      return row;
    },
  };
}
