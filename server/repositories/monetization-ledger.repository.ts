import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { fanPayments, ledgerAccounts, ledgerEntries, ledgerTransactions, users } from '../db/schema/index.ts';
import type { FanPaymentRecord } from './fan-payments.repository.ts';
import type { LedgerLine, LedgerTransactionKind } from './ledger.repository.ts';

export interface CreatorLedgerPosting {
  kind: LedgerTransactionKind;
  fanPaymentId?: string;
  payoutId?: string;
  description: string;
  lines: LedgerLine[];
  now: Date;
}

export interface CreatorBalances {
  /** What the platform owes the creator and was not yet set aside for a payout (creator's sign). */
  owed: number;
  /** Part of `owed` from payments younger than the hold period. */
  pending: number;
  /** Set aside for a requested payout, not yet sent. */
  inPayout: number;
  /** Sent by payouts, all time. */
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

/** The creator side of the ledger: postings tied to fan payments and payouts, and balances as sums. */
export function createMonetizationLedgerRepository(db: Database) {
  return {
    async post(posting: CreatorLedgerPosting): Promise<string> {
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
          fanPaymentId: posting.fanPaymentId ?? null,
          payoutId: posting.payoutId ?? null,
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
          paidOut: sql<string>`coalesce(sum(case when ${ledgerEntries.accountId} = ${payoutsAccount} and ${ledgerTransactions.kind} = 'payout_paid' then ${ledgerEntries.amount} end), 0)`,
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
            options.before
              ? sql`(${ledgerTransactions.createdAt}, ${ledgerTransactions.id}) < (${options.before.at}::timestamptz, ${options.before.id})`
              : undefined,
          ),
        )
        .orderBy(desc(ledgerTransactions.createdAt), desc(ledgerTransactions.id))
        .limit(options.limit);
      return rows.map((row) => ({ ...row, amount: -row.amount }));
    },
  };
}

export type MonetizationLedgerRepository = ReturnType<typeof createMonetizationLedgerRepository>;
