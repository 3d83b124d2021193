import { and, eq, sql, sum } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../db/schema/index.ts';

export type LedgerAccountKind = (typeof ledgerAccounts.$inferSelect)['kind'];
export type LedgerTransactionKind = (typeof ledgerTransactions.$inferSelect)['kind'];

export interface LedgerLine {
  account: { id: string; kind: LedgerAccountKind; description: string };
  /** Signed minor units: a debit is positive, a credit negative. */
  amount: number;
  currency: string;
}

export interface LedgerPosting {
  kind: LedgerTransactionKind;
  paymentId: string | null;
  description: string;
  lines: LedgerLine[];
  now: Date;
}

export interface UnbalancedTransaction {
  transactionId: string;
  currency: string;
  total: number;
}

export function createLedgerRepository(db: Database) {
  return {
    /** Writes one transaction and its entries (call inside the unit of work that caused it). */
    async post(posting: LedgerPosting): Promise<string> {
      for (const { account } of posting.lines) {
        await db
          .insert(ledgerAccounts)
          .values({ ...account, createdAt: posting.now })
          .onConflictDoNothing();
      }
      const [transaction] = await db
        .insert(ledgerTransactions)
        .values({
          kind: posting.kind,
          paymentId: posting.paymentId,
          description: posting.description,
          createdAt: posting.now,
        })
        .returning({ id: ledgerTransactions.id });
      if (!transaction) throw new Error('ledger transaction insert returned nothing');
      await db.insert(ledgerEntries).values(
        posting.lines.map((line) => ({
          transactionId: transaction.id,
          accountId: line.account.id,
          amount: line.amount,
          currency: line.currency,
        })),
      );
      return transaction.id;
    },

    /**
     * Posts the exact opposite of what an earlier transaction of this payment posted (refunds), so a
     * reversal can never differ from what it reverses. Returns null when there is nothing to reverse.
     */
    async reverse(input: {
      paymentId: string;
      of: LedgerTransactionKind;
      kind: LedgerTransactionKind;
      description: string;
      now: Date;
    }): Promise<string | null> {
      const original = await db
        .select({
          accountId: ledgerEntries.accountId,
          amount: ledgerEntries.amount,
          currency: ledgerEntries.currency,
        })
        .from(ledgerEntries)
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
        .where(and(eq(ledgerTransactions.paymentId, input.paymentId), eq(ledgerTransactions.kind, input.of)));
      if (original.length === 0) return null;
      const [transaction] = await db
        .insert(ledgerTransactions)
        .values({
          kind: input.kind,
          paymentId: input.paymentId,
          description: input.description,
          createdAt: input.now,
        })
        .returning({ id: ledgerTransactions.id });
      if (!transaction) throw new Error('ledger transaction insert returned nothing');
      await db.insert(ledgerEntries).values(
        original.map((entry) => ({
          transactionId: transaction.id,
          accountId: entry.accountId,
          amount: -entry.amount,
          currency: entry.currency,
        })),
      );
      return transaction.id;
    },

    /** An account's balance: the sum of its entries (there is no stored balance). */
    async balance(accountId: string, currency: string): Promise<number> {
      const [row] = await db
        .select({ total: sum(ledgerEntries.amount) })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.accountId, accountId), eq(ledgerEntries.currency, currency)));
      return Number(row?.total ?? 0);
    },

    /** Transactions whose entries do not sum to zero in some currency (there should be none). */
    async findUnbalanced(): Promise<UnbalancedTransaction[]> {
      const rows = await db
        .select({
          transactionId: ledgerEntries.transactionId,
          currency: ledgerEntries.currency,
          total: sql<string>`sum(${ledgerEntries.amount})`,
        })
        .from(ledgerEntries)
        .groupBy(ledgerEntries.transactionId, ledgerEntries.currency)
        .having(sql`sum(${ledgerEntries.amount}) <> 0`);
      const empty = await db
        .select({ transactionId: ledgerTransactions.id })
        .from(ledgerTransactions)
        .where(
          sql`not exists (select 1 from ${ledgerEntries} where ${ledgerEntries.transactionId} = ${ledgerTransactions.id})`,
        );
      return [
        ...rows.map((row) => ({ ...row, total: Number(row.total) })),
        ...empty.map((row) => ({ transactionId: row.transactionId, currency: '-', total: Number.NaN })),
      ];
    },

    async counts(): Promise<{ transactions: number; entries: number }> {
      const [transactions] = await db.select({ n: sql<number>`count(*)::int` }).from(ledgerTransactions);
      const [entries] = await db.select({ n: sql<number>`count(*)::int` }).from(ledgerEntries);
      return { transactions: transactions?.n ?? 0, entries: entries?.n ?? 0 };
    },
  };
}

export type LedgerRepository = ReturnType<typeof createLedgerRepository>;

export interface LedgerReport {
  transactions: number;
  entries: number;
  unbalanced: UnbalancedTransaction[];
}

/** Proves the ledger: every transaction sums to zero per currency (`npm run ledger:check`, tests). */
export async function checkLedger(db: Database): Promise<LedgerReport> {
  const ledger = createLedgerRepository(db);
  return { ...(await ledger.counts()), unbalanced: await ledger.findUnbalanced() };
}

export function describeUnbalanced(entry: UnbalancedTransaction): string {
  return Number.isNaN(entry.total)
    ? `transaction ${entry.transactionId} has no entries`
    : `transaction ${entry.transactionId} is off by ${entry.total} (${entry.currency} minor units)`;
}

export async function assertLedgerBalanced(db: Database): Promise<LedgerReport> {
  const report = await checkLedger(db);
  if (report.unbalanced.length > 0) {
    throw new Error(`Ledger out of balance:\n${report.unbalanced.map(describeUnbalanced).join('\n')}`);
  }
  return report;
}
