import type { ProviderTransfer, TransferProvider } from '../../../adapters/payments/transfers.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { PayoutRecord } from '../../../repositories/billing/payouts/payouts.repository.ts';
import type { PayoutsStore } from '../../../repositories/billing/payouts/payouts-store.ts';

/** Where our payouts and the provider's transfers disagree. */
export type TransferDifference =
  | { kind: 'unknown_to_us'; reference: string; providerStatus: string; amount: number; currency: string }
  | { kind: 'missing_at_provider'; reference: string; status: PayoutRecord['status'] }
  /** The provider's balance ledger took money for this payout more often than it gave it back. */
  | { kind: 'paid_twice'; reference: string; debits: number; credits: number; currency: string }
  | { kind: 'status'; reference: string; ours: PayoutRecord['status']; theirs: ProviderTransfer['status'] }
  | {
      kind: 'amount';
      reference: string;
      ours: { amount: number | null; currency: string | null };
      theirs: { amount: number; currency: string };
    };

/** The provider balance against what payouts still have to take from it, per currency. */
export interface BalanceCheck {
  currency: string;
  balance: number;
  due: number;
  short: boolean;
}

export interface ReconcileReport {
  ranAt: Date;
  from: Date;
  to: Date;
  compared: number;
  differences: TransferDifference[];
  balances: BalanceCheck[];
}

/** What the provider's status would be for each of ours (null: not sent yet, nothing to compare). */
const expected: Record<PayoutRecord['status'], ProviderTransfer['status'][] | null> = {
  requested: null,
  sending: ['pending', 'otp', 'success', 'failed'],
  pending: ['pending'],
  otp: ['otp'],
  paid: ['success'],
  failed: ['failed'],
  reversed: ['reversed'],
};

/** Our transfer references, as they appear in the provider's ledger reasons. */
const OUR_REFERENCE = /payout_[0-9a-f]{32}/;

/** At most this many pages of the provider's transfer list per run. */
const PAGES_AT_MOST = 50;

/**
 * The daily reconciliation: our transfer payouts in a period against the provider's transfer list
 * and balance ledger, and its balance against the payouts still due. It changes nothing; the
 * differences are data for an operator (or the verify job, which settles what is only late).
 */
export function createPayoutReconciliation(deps: {
  store: PayoutsStore;
  transfers: TransferProvider;
  clock: Clock;
}) {
  return {
    /** The newest result (kept by `reconcile`), or null before the first run. */
    async latest(): Promise<ReconcileReport | null> {
      const row = await deps.store.reconciliations.latest();
      if (!row) return null;
      return {
        ranAt: row.ranAt,
        from: row.periodFrom,
        to: row.periodTo,
        compared: row.compared,
        differences: row.differences as TransferDifference[],
        balances: row.balances as BalanceCheck[],
      };
    },

    /** Compares the period and keeps the result. */
    async reconcile(period: { from: Date; to: Date }): Promise<ReconcileReport> {
      const theirs = new Map<string, ProviderTransfer>();
      for (let page = 1; page <= PAGES_AT_MOST; page += 1) {
        const answer = await deps.transfers.listTransfers({ ...period, page });
        for (const item of answer.items) theirs.set(item.reference, item);
        if (page >= answer.pageCount) break;
      }
      const ours = await deps.store.payouts.transfersBetween(period.from, period.to);
      const mine = new Map(ours.map((payout) => [payout.reference, payout]));
      const differences: TransferDifference[] = [];
      for (const transfer of theirs.values()) {
        if (!mine.has(transfer.reference) && !(await deps.store.payouts.findByReference(transfer.reference)))
          differences.push({
            kind: 'unknown_to_us',
            reference: transfer.reference,
            providerStatus: transfer.providerStatus,
            amount: transfer.amount,
            currency: transfer.currency,
          });
      }
      for (const payout of ours) {
        const want = expected[payout.status];
        if (want === null) continue;
        const transfer = theirs.get(payout.reference);
        if (!transfer) {
          // Listed by when the provider made it: only what we sent inside the period must be there.
          const sentAt = payout.initiatedAt;
          if (sentAt && sentAt >= period.from && sentAt <= period.to)
            differences.push({
              kind: 'missing_at_provider',
              reference: payout.reference,
              status: payout.status,
            });
          continue;
        }
        if (transfer.amount !== payout.localAmount || transfer.currency !== payout.localCurrency)
          differences.push({
            kind: 'amount',
            reference: payout.reference,
            ours: { amount: payout.localAmount, currency: payout.localCurrency },
            theirs: { amount: transfer.amount, currency: transfer.currency },
          });
        if (!want.includes(transfer.status))
          differences.push({
            kind: 'status',
            reference: payout.reference,
            ours: payout.status,
            theirs: transfer.status,
          });
      }
      // The balance ledger: every movement that names one of our references (the transfer's reason
      // carries it, and so do the provider's returns). A reference whose money left more often than
      // it came back was paid twice; one we do not know is money we cannot account for.
      const movements = new Map<
        string,
        { debits: number; credits: number; currency: string; amount: number }
      >();
      for (let page = 1; page <= PAGES_AT_MOST; page += 1) {
        const answer = await deps.transfers.balanceLedger({ ...period, page });
        for (const entry of answer.items) {
          const reference = OUR_REFERENCE.exec(entry.reason)?.[0];
          if (!reference || entry.change === 0) continue;
          const seen = movements.get(reference) ?? {
            debits: 0,
            credits: 0,
            currency: entry.currency,
            amount: 0,
          };
          if (entry.change < 0) {
            seen.debits += 1;
            seen.amount = -entry.change;
          } else seen.credits += 1;
          movements.set(reference, seen);
        }
        if (page >= answer.pageCount) break;
      }
      const flagged = new Set(differences.map((difference) => difference.reference));
      for (const [reference, seen] of movements) {
        if (seen.debits - seen.credits > 1) differences.push({ kind: 'paid_twice', reference, ...seen });
        else if (
          seen.debits > 0 &&
          !flagged.has(reference) &&
          !mine.has(reference) &&
          !(await deps.store.payouts.findByReference(reference))
        )
          differences.push({
            kind: 'unknown_to_us',
            reference,
            providerStatus: 'debited',
            amount: seen.amount,
            currency: seen.currency,
          });
      }
      const due = await deps.store.payouts.dueByCurrency();
      const balance = await deps.transfers.balance();
      const balances = due.map(({ currency, amount }) => {
        const held = balance.find((entry) => entry.currency === currency)?.amount ?? 0;
        return { currency, balance: held, due: amount, short: amount > held };
      });
      const report = { ranAt: deps.clock.now(), ...period, compared: ours.length, differences, balances };
      await deps.store.reconciliations.add({
        ranAt: report.ranAt,
        periodFrom: report.from,
        periodTo: report.to,
        compared: report.compared,
        differences: report.differences,
        balances: report.balances,
      });
      return report;
    },
  };
}

export type PayoutReconciliation = ReturnType<typeof createPayoutReconciliation>;
