import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { sandboxAuthorizations, sandboxTransactions } from '../../../db/schema/index.ts';

export type SandboxTransactionRecord = typeof sandboxTransactions.$inferSelect;
export type SandboxAuthorizationRecord = typeof sandboxAuthorizations.$inferSelect;
export type NewSandboxTransaction = typeof sandboxTransactions.$inferInsert;

/** The sandbox provider's own tables: it keeps books like a real provider would. */
export function createSandboxPaymentsRepository(db: Database) {
  return {
    /** False when the reference is taken (providers refuse duplicate references). */
    async insertTransaction(row: NewSandboxTransaction): Promise<boolean> {
      const inserted = await db
        .insert(sandboxTransactions)
        .values(row)
        .onConflictDoNothing()
        .returning({ reference: sandboxTransactions.reference });
      return inserted.length === 1;
    },

    async findTransaction(reference: string): Promise<SandboxTransactionRecord | null> {
      const [row] = await db
        .select()
        .from(sandboxTransactions)
        .where(eq(sandboxTransactions.reference, reference));
      return row ?? null;
    },

    /** Moves a pending checkout to its outcome; null when it was already completed. */
    async completeTransaction(
      reference: string,
      changes: Pick<SandboxTransactionRecord, 'status' | 'paidAt' | 'authorizationCode' | 'customerCode'>,
    ): Promise<SandboxTransactionRecord | null> {
      const [row] = await db
        .update(sandboxTransactions)
        .set(changes)
        .where(and(eq(sandboxTransactions.reference, reference), eq(sandboxTransactions.status, 'pending')))
        .returning();
      return row ?? null;
    },

    /** Adds a refund unless it would refund more than was paid; false when refused. */
    async addRefund(reference: string, amount: number): Promise<boolean> {
      const rows = await db
        .update(sandboxTransactions)
        .set({ refundedAmount: sql`${sandboxTransactions.refundedAmount} + ${amount}` })
        .where(
          and(
            eq(sandboxTransactions.reference, reference),
            eq(sandboxTransactions.status, 'success'),
            sql`${sandboxTransactions.refundedAmount} + ${amount} <= ${sandboxTransactions.amount}`,
          ),
        )
        .returning({ reference: sandboxTransactions.reference });
      return rows.length === 1;
    },

    async insertAuthorization(row: typeof sandboxAuthorizations.$inferInsert): Promise<void> {
      await db.insert(sandboxAuthorizations).values(row);
    },

    async findAuthorization(code: string): Promise<SandboxAuthorizationRecord | null> {
      const [row] = await db.select().from(sandboxAuthorizations).where(eq(sandboxAuthorizations.code, code));
      return row ?? null;
    },

    async deactivateAuthorization(code: string): Promise<void> {
      await db
        .update(sandboxAuthorizations)
        .set({ active: false })
        .where(eq(sandboxAuthorizations.code, code));
    },
  };
}

export type SandboxPaymentsRepository = ReturnType<typeof createSandboxPaymentsRepository>;
