import { and, desc, eq, sql, sum } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  fanPayments,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  users,
} from '../../../db/schema/index.ts';
import { olderThan } from '../../rows.ts';
import type { FanPaymentRecord } from '../fan-payments/fan-payments.repository.ts';

export type LedgerAccountKind = (typeof ledgerAccounts.$inferSelect)['kind'];
export type LedgerTransactionKind = (typeof ledgerTransactions.$inferSelect)['kind'];

export interface LedgerLine {
  account: { id: string; kind: LedgerAccountKind; description: string };
  /** Signed minor units: a debit is positive, a credit negative. */
  amount: number;
  currency: string;
}

/** One business event: at most one of `paymentId` (agent plan), `fanPaymentId` or `payoutId`. */
export interface LedgerPosting {
  kind: LedgerTransactionKind;
  paymentId?: string | null;
  fanPaymentId?: string | null;
  payoutId?: string | null;
  description: string;
  lines: LedgerLine[];
  now: Date;
}

/** A posting whose lines do not sum to zero per currency; nothing of it is written. */
export class UnbalancedPostingError extends Error {
  override name = 'UnbalancedPostingError';
}

/** Per currency, what a posting's lines add up to (every value must be 0). */
export function postingTotals(
  lines: readonly Pick<LedgerLine, 'amount' | 'currency'>[],
): Map<string, number> {
  const totals = new Map<string, number>();
  for (const line of lines) totals.set(line.currency, (totals.get(line.currency) ?? 0) + line.amount);
  return totals;
}

function assertBalanced(posting: LedgerPosting): void {
  if (posting.lines.length === 0) throw new UnbalancedPostingError(`"${posting.description}" has no lines`);
  for (const line of posting.lines) {
    if (!Number.isSafeInteger(line.amount))
      throw new UnbalancedPostingError(
        `"${posting.description}" has an amount that is not whole minor units`,
      );
  }
  for (const [currency, total] of postingTotals(posting.lines)) {
    if (total !== 0)
      throw new UnbalancedPostingError(
        `"${posting.description}" is off by ${total} (${currency} minor units): a posting must sum to zero per currency`,
      );
  }
}

export interface UnbalancedTransaction {
  transactionId: string;
  currency: string;
  total: number;
}

export interface CreatorBalances {
  /** What the platform owes the creator and was not yet set aside for a payout (creator's sign). */
  owed: number;
  /** Part of `owed` from payments younger than the hold period. */
  pending: number;
  /** Set aside for a requested payout, not yet sent. */
  inPayout: number;
  /** Sent by payouts, all time, net of transfers the bank sent back. */
  paidOut: number;
  /** Earnings net of refunds and chargebacks, all time. */
  lifetime: number;
  /** When the oldest still-held payment's earning becomes available. */
  oldestHeldPaidAt: Date | null;
}

export interface WalletHistoryRow {
  id: string;
  kind: LedgerTransactionKind;
  description: string;
  /** The creator's sign: positive adds to what they are owed. */
  amount: number;
  currency: string;
  paidAt: Date | null;
  createdAt: Date;
  /** The fan payment behind the row, for its wording (null for payouts). */
  purpose: FanPaymentRecord['purpose'] | null;
  plan: FanPaymentRecord['plan'] | null;
  fanFirstName: string | null;
  fanLastName: string | null;
}

export const earningsAccountId = (creatorUserId: string) => `creator:${creatorUserId}:earnings`;
export const payoutsAccountId = (creatorUserId: string) => `creator:${creatorUserId}:payouts`;

/**
 * The one ledger: the only code that writes `ledger_*` rows. Agent plans, fan payments and payouts
 * post through `post()`, which refuses a posting that does not sum to zero per currency before it
 * writes anything (and the database refuses it again at commit: migration `ledger_balanced`).
 */
/** Writes one ledger transaction and its entries; the caller has checked that they balance. */
async function write(
  db: Database,
  posting: Omit<LedgerPosting, 'lines'>,
  entries: { accountId: string; amount: number; currency: string }[],
): Promise<string> {
  const [transaction] = await db
    .insert(ledgerTransactions)
    .values({
      kind: posting.kind,
      paymentId: posting.paymentId ?? null,
      fanPaymentId: posting.fanPaymentId ?? null,
      payoutId: posting.payoutId ?? null,
      description: posting.description,
      createdAt: posting.now,
    })
    .returning({ id: ledgerTransactions.id });
  if (!transaction) throw new Error('ledger transaction insert returned nothing');
  await db
    .insert(ledgerEntries)
    .values(entries.map((entry) => ({ ...entry, transactionId: transaction.id })));
  return transaction.id;
}

export function createLedgerRepository(db: Database) {
  return {
    /** Writes one transaction and its entries (call inside the unit of work that caused it). */
    async post(posting: LedgerPosting): Promise<string> {
      assertBalanced(posting);
      // One database transaction (a savepoint inside the caller's): the deferred balance check of
      // migration `ledger_balanced` sees the transaction and all its entries together.
      return db.transaction(async (db) => {
        for (const { account } of posting.lines) {
          await db
            .insert(ledgerAccounts)
            .values({ ...account, createdAt: posting.now })
            .onConflictDoNothing();
        }
        return write(
          db,
          posting,
          posting.lines.map((line) => ({
            accountId: line.account.id,
            amount: line.amount,
            currency: line.currency,
          })),
        );
      });
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
      return write(
        db,
        input,
        original.map((entry) => ({ ...entry, amount: -entry.amount })),
      );
    },

    /** What is still posted for a fan payment, per account (its charge net of earlier reversals). */
    async netOf(fanPaymentId: string): Promise<Map<string, { amount: number; currency: string }>> {
      const rows = await db
        .select({
          accountId: ledgerEntries.accountId,
          currency: ledgerEntries.currency,
          total: sql<string>`sum(${ledgerEntries.amount})`,
        })
        .from(ledgerEntries)
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
        .where(eq(ledgerTransactions.fanPaymentId, fanPaymentId))
        .groupBy(ledgerEntries.accountId, ledgerEntries.currency);
      return new Map(
        rows.map((row) => [row.accountId, { amount: Number(row.total), currency: row.currency }]),
      );
    },

    async hasPosting(fanPaymentId: string, kind: LedgerTransactionKind): Promise<boolean> {
      const [row] = await db
        .select({ id: ledgerTransactions.id })
        .from(ledgerTransactions)
        .where(and(eq(ledgerTransactions.fanPaymentId, fanPaymentId), eq(ledgerTransactions.kind, kind)));
      return row !== undefined;
    },

    /** Every figure of the wallet, as sums of ledger entries. `heldSince`: payments after it are held. */
    async balances(creatorUserId: string, currency: string, heldSince: Date): Promise<CreatorBalances> {
      const earnings = earningsAccountId(creatorUserId);
      const payoutsAccount = payoutsAccountId(creatorUserId);
      const since = heldSince.toISOString();
      const [row] = await db
        .select({
          owed: sql<string>`coalesce(sum(case when ${ledgerEntries.accountId} = ${earnings} then -${ledgerEntries.amount} end), 0)`,
          pending: sql<string>`coalesce(sum(case when ${ledgerEntries.accountId} = ${earnings} and ${fanPayments.paidAt} > ${since}::timestamptz then -${ledgerEntries.amount} end), 0)`,
          inPayout: sql<string>`coalesce(sum(case when ${ledgerEntries.accountId} = ${payoutsAccount} then -${ledgerEntries.amount} end), 0)`,
          paidOut: sql<string>`coalesce(sum(case when ${ledgerEntries.accountId} = ${payoutsAccount} and ${ledgerTransactions.kind} in ('payout_paid', 'payout_reversed') then ${ledgerEntries.amount} end), 0)`,
          lifetime: sql<string>`coalesce(sum(case when ${ledgerEntries.accountId} = ${earnings} and ${ledgerTransactions.fanPaymentId} is not null then -${ledgerEntries.amount} end), 0)`,
          oldestHeld: sql<
            string | null
          >`min(case when ${ledgerEntries.accountId} = ${earnings} and ${ledgerTransactions.kind} = 'creator_charge' and ${fanPayments.paidAt} > ${since}::timestamptz then ${fanPayments.paidAt} end)`,
        })
        .from(ledgerEntries)
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
        .leftJoin(fanPayments, eq(fanPayments.id, ledgerTransactions.fanPaymentId))
        .where(
          and(
            sql`${ledgerEntries.accountId} in (${earnings}, ${payoutsAccount})`,
            eq(ledgerEntries.currency, currency),
          ),
        );
      return {
        owed: Number(row?.owed ?? 0),
        pending: Number(row?.pending ?? 0),
        inPayout: Number(row?.inPayout ?? 0),
        paidOut: Number(row?.paidOut ?? 0),
        lifetime: Number(row?.lifetime ?? 0),
        oldestHeldPaidAt: row?.oldestHeld ? new Date(row.oldestHeld) : null,
      };
    },

    /** The creator's earnings account, newest first (the wallet's history). */
    async history(
      creatorUserId: string,
      options: { limit: number; before?: { at: string; id: string } },
    ): Promise<WalletHistoryRow[]> {
      const rows = await db
        .select({
          id: ledgerTransactions.id,
          kind: ledgerTransactions.kind,
          description: ledgerTransactions.description,
          amount: ledgerEntries.amount,
          currency: ledgerEntries.currency,
          paidAt: fanPayments.paidAt,
          createdAt: ledgerTransactions.createdAt,
          purpose: fanPayments.purpose,
          plan: fanPayments.plan,
          fanFirstName: users.firstName,
          fanLastName: users.lastName,
        })
        .from(ledgerEntries)
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
        .leftJoin(fanPayments, eq(fanPayments.id, ledgerTransactions.fanPaymentId))
        .leftJoin(users, eq(users.id, fanPayments.fanId))
        .where(
          and(
            eq(ledgerEntries.accountId, earningsAccountId(creatorUserId)),
            olderThan(ledgerTransactions.createdAt, ledgerTransactions.id, options.before),
          ),
        )
        .orderBy(desc(ledgerTransactions.createdAt), desc(ledgerTransactions.id))
        .limit(options.limit);
      return rows.map((row) => ({ ...row, amount: -row.amount }));
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

    /**
     * Creators whose available balance (owed, less what is still in the hold since `heldSince`) is
     * below zero, per currency: what `npm run ledger:check` proves empty.
     */
    async negativeAvailable(
      heldSince: Date,
    ): Promise<{ creatorUserId: string; currency: string; available: number }[]> {
      const since = heldSince.toISOString();
      const rows = await db
        .select({
          accountId: ledgerEntries.accountId,
          currency: ledgerEntries.currency,
          available: sql<string>`coalesce(sum(-${ledgerEntries.amount}), 0) - coalesce(sum(case when ${fanPayments.paidAt} > ${since}::timestamptz then -${ledgerEntries.amount} end), 0)`,
        })
        .from(ledgerEntries)
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
        .leftJoin(fanPayments, eq(fanPayments.id, ledgerTransactions.fanPaymentId))
        .where(sql`${ledgerEntries.accountId} like 'creator:%:earnings'`)
        .groupBy(ledgerEntries.accountId, ledgerEntries.currency)
        .having(
          sql`coalesce(sum(-${ledgerEntries.amount}), 0) - coalesce(sum(case when ${fanPayments.paidAt} > ${since}::timestamptz then -${ledgerEntries.amount} end), 0) < 0`,
        );
      return rows.map((row) => ({
        creatorUserId: row.accountId.slice('creator:'.length, -':earnings'.length),
        currency: row.currency,
        available: Number(row.available),
      }));
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
  /** Creators whose available balance is below zero (none may be). */
  negativeAvailable: { creatorUserId: string; currency: string; available: number }[];
  unbalanced: UnbalancedTransaction[];
}

/** Proves the ledger: every transaction sums to zero per currency (`npm run ledger:check`, tests). */
/** `heldSince`: earnings paid after it are still held (now less EARNINGS_HOLD_DAYS). */
export async function checkLedger(db: Database, heldSince: Date = new Date()): Promise<LedgerReport> {
  const ledger = createLedgerRepository(db);
  return {
    ...(await ledger.counts()),
    unbalanced: await ledger.findUnbalanced(),
    negativeAvailable: await ledger.negativeAvailable(heldSince),
  };
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
