import { fanPaymentMessages as m } from '../../../../common/schemas/fan-payments.ts';
import { conflict, notFound } from '../../../errors.ts';
import { addDays, type Clock } from '../../../lib/clock.ts';
import { decodeCursor, keysetPage, timeKey } from '../../../lib/cursor.ts';
import { actorOf, assertCan } from '../../../policies/access.ts';
import type { Viewer } from '../../../policies/actions/creators.ts';
import type {
  CreatorBalances,
  WalletHistoryRow,
} from '../../../repositories/billing/core/ledger.repository.ts';
import type { FanPaymentsStore } from '../../../repositories/billing/fan-payments/fan-payments-store.ts';
import type {
  AdminPayoutRow,
  PayoutRecord,
} from '../../../repositories/billing/payouts/payouts.repository.ts';
import type { CreatorsRepository } from '../../../repositories/creators/creators.repository.ts';
import { payoutPaidPosting } from './ledger-postings.ts';
import type { FanPaymentNotifier } from './notifier.ts';

const CURRENCY = 'USD';

/** What may be paid out: owed to the creator and past the hold. */
const availableOf = (balances: CreatorBalances) => balances.owed - balances.pending;

export interface WalletHistoryPage {
  rows: WalletHistoryRow[];
  nextCursor: string | null;
  /** An earning becomes available this many days after it was paid. */
  holdDays: number;
}

export interface WalletSummary {
  currency: string;
  balances: CreatorBalances;
  available: number;
  openPayout: PayoutRecord | null;
  holdDays: number;
  feePercent: number;
  /** The first page of the history. */
  history: WalletHistoryPage;
}

export interface AdminPayoutPage {
  rows: AdminPayoutRow[];
  nextCursor: string | null;
}

/**
 * The creator's wallet, every figure a sum of ledger entries: pending (earned within the hold),
 * available (may be paid out), in payout, paid out. A payout request sets the whole available
 * balance aside in the ledger; an admin marks it paid (manual settlement), which the ledger records
 * as money leaving the platform.
 */
export function createWalletService(deps: {
  store: FanPaymentsStore;
  creators: Pick<CreatorsRepository, 'findByUserId'>;
  notifier: FanPaymentNotifier;
  clock: Clock;
  holdDays: number;
  feePercent: number;
}) {
  const { store, clock } = deps;
  const heldSince = () => addDays(clock.now(), -deps.holdDays);

  async function history(
    userId: string,
    options: { limit: number; cursor?: string },
  ): Promise<WalletHistoryPage> {
    const before = decodeCursor(options.cursor, ['at', 'id']);
    const rows = await store.ledger.history(userId, {
      limit: options.limit + 1,
      ...(before ? { before } : {}),
    });
    const page = keysetPage(rows, options.limit, (last) => timeKey(last.createdAt, last.id));
    return { ...page, holdDays: deps.holdDays };
  }

  async function requireCreator(user: Viewer) {
    const creator = await deps.creators.findByUserId(user.id);
    assertCan(actorOf(user), 'creator:books', { creatorUserId: creator?.userId ?? null });
    return creator;
  }

  return {
    async wallet(user: Viewer, options: { limit: number }): Promise<WalletSummary> {
      await requireCreator(user);
      const [balances, openPayout, first] = await Promise.all([
        store.ledger.balances(user.id, CURRENCY, heldSince()),
        store.payouts.findOpen(user.id),
        history(user.id, { limit: options.limit }),
      ]);
      return {
        currency: CURRENCY,
        balances,
        available: availableOf(balances),
        openPayout,
        holdDays: deps.holdDays,
        feePercent: deps.feePercent,
        history: first,
      };
    },

    async history(user: Viewer, options: { limit: number; cursor?: string }): Promise<WalletHistoryPage> {
      await requireCreator(user);
      return history(user.id, options);
    },

    async markPaid(admin: Viewer, id: string, note: string | undefined): Promise<AdminPayoutRow> {
      assertCan(actorOf(admin), 'payout:settle', {});
      const paid = await store.withTransaction(async (r) => {
        const now = clock.now();
        const done = await r.payouts.markPaid(id, admin.id, note?.trim() || null, now);
        if (!done) {
          const existing = await r.payouts.findById(id);
          if (!existing) throw notFound(m.payoutNotFound);
          throw conflict(m.payoutAlreadyPaid);
        }
        await r.ledger.post(payoutPaidPosting(done, now));
        return done;
      });
      await deps.notifier.payoutSent({
        creatorUserId: paid.creatorUserId,
        amount: paid.amount,
        currency: paid.currency,
        note: paid.note,
      });
      const row = await store.payouts.findAdminRow(id);
      if (!row) throw notFound(m.payoutNotFound);
      return row;
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
