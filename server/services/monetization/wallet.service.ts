import type { z } from 'zod';
import {
  type AdminPayout,
  type adminPayoutListSchema,
  monetizationMessages as m,
  type Payout,
  type Wallet,
  type WalletEntry,
  type WalletHistory,
} from '../../../common/schemas/monetization.ts';
import { conflict, notFound } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import type { Viewer } from '../../policies/creators.ts';
import { assertCanSettlePayouts, assertIsCreator } from '../../policies/monetization.ts';
import type { CreatorsRepository } from '../../repositories/creators.repository.ts';
import type { WalletHistoryRow } from '../../repositories/monetization-ledger.repository.ts';
import type { MonetizationStore } from '../../repositories/monetization-store.ts';
import type { AdminPayoutRow, PayoutRecord, PayoutStatus } from '../../repositories/payouts.repository.ts';
import { payoutPaidPosting, payoutRequestPosting } from './ledger-postings.ts';
import type { MonetizationNotifier } from './notifier.ts';
import { addDays } from './pricing.ts';

const CURRENCY = 'USD';

const money = (amount: number, currency = CURRENCY) => ({ amount, currency });

function presentPayout(payout: PayoutRecord): Payout {
  return {
    id: payout.id,
    amount: money(payout.amount, payout.currency),
    status: payout.status,
    requestedAt: payout.requestedAt.toISOString(),
    paidAt: payout.paidAt?.toISOString() ?? null,
    note: payout.note,
  };
}

function presentAdminPayout(row: AdminPayoutRow): AdminPayout {
  return {
    ...presentPayout(row.payout),
    creator: {
      id: row.creator.id ?? '',
      userId: row.creator.userId,
      handle: row.creator.handle ?? '',
      displayName: row.creator.displayName ?? row.creator.email,
      email: row.creator.email,
    },
  };
}

const entryKind = (kind: WalletHistoryRow['kind']): WalletEntry['kind'] =>
  kind === 'creator_charge'
    ? 'earning'
    : kind === 'chargeback'
      ? 'chargeback'
      : kind === 'creator_refund'
        ? 'refund'
        : 'payout';

const planNames = { monthly: 'Monthly', six_months: '6 Months' } as const;

/**
 * A history row in the creator's words: who paid for what, or what was taken back from whom. The
 * fan is named as they named themselves (never by their email address).
 */
function entryText(kind: WalletEntry['kind'], row: WalletHistoryRow): string {
  if (kind === 'payout') return 'Payout of your earnings, requested';
  const fan = `${row.fanFirstName ?? ''} ${row.fanLastName ?? ''}`.trim() || 'A fan';
  const plan = row.plan ? ` (${planNames[row.plan]})` : '';
  const sold =
    row.purpose === 'post_unlock'
      ? 'your post they unlocked'
      : row.purpose === 'subscription_renewal'
        ? `their subscription renewal${plan}`
        : `their subscription${plan}`;
  if (kind === 'refund') return `Refund to ${fan} for ${sold}`;
  if (kind === 'chargeback') return `Chargeback by ${fan} on ${sold}`;
  return row.purpose === 'post_unlock'
    ? `${fan} unlocked your post`
    : row.purpose === 'subscription_renewal'
      ? `${fan} renewed their subscription${plan}`
      : `${fan} subscribed to you${plan}`;
}

/**
 * The creator's wallet, every figure a sum of ledger entries: pending (earned within the hold),
 * available (may be paid out), in payout, paid out. A payout request sets the whole available
 * balance aside in the ledger; an admin marks it paid (manual settlement), which the ledger records
 * as money leaving the platform.
 */
export function createWalletService(deps: {
  store: MonetizationStore;
  creators: Pick<CreatorsRepository, 'findByUserId'>;
  notifier: MonetizationNotifier;
  clock: Clock;
  holdDays: number;
  feePercent: number;
}) {
  const { store, clock } = deps;
  const heldSince = () => addDays(clock.now(), -deps.holdDays);

  function presentEntry(row: WalletHistoryRow): WalletEntry {
    const kind = entryKind(row.kind);
    return {
      id: row.id,
      kind,
      description: entryText(kind, row),
      amount: money(row.amount, row.currency),
      availableAt: kind === 'earning' && row.paidAt ? addDays(row.paidAt, deps.holdDays).toISOString() : null,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async function history(
    userId: string,
    options: { limit: number; cursor?: string },
  ): Promise<WalletHistory> {
    const before = decodeCursor(options.cursor, ['at', 'id']);
    const rows = await store.ledger.history(userId, {
      limit: options.limit + 1,
      ...(before ? { before } : {}),
    });
    const page = rows.slice(0, options.limit);
    const last = page.at(-1);
    return {
      items: page.map(presentEntry),
      nextCursor:
        rows.length > options.limit && last
          ? encodeCursor({ at: last.createdAt.toISOString(), id: last.id })
          : null,
    };
  }

  async function requireCreator(user: Viewer) {
    const creator = await deps.creators.findByUserId(user.id);
    assertIsCreator(creator);
    return creator;
  }

  return {
    async wallet(user: Viewer, options: { limit: number }): Promise<Wallet> {
      await requireCreator(user);
      const [balances, open, first] = await Promise.all([
        store.ledger.balances(user.id, CURRENCY, heldSince()),
        store.payouts.findOpen(user.id),
        history(user.id, { limit: options.limit }),
      ]);
      return {
        currency: CURRENCY,
        available: money(balances.owed - balances.pending),
        pending: money(balances.pending),
        inPayout: money(balances.inPayout),
        paidOut: money(balances.paidOut),
        lifetimeEarnings: money(balances.lifetime),
        holdDays: deps.holdDays,
        platformFeePercent: deps.feePercent,
        nextAvailableAt: balances.oldestHeldPaidAt
          ? addDays(balances.oldestHeldPaidAt, deps.holdDays).toISOString()
          : null,
        openPayout: open ? presentPayout(open) : null,
        automaticPayoutsMessage: m.automaticPayouts,
        history: first,
      };
    },

    async history(user: Viewer, options: { limit: number; cursor?: string }): Promise<WalletHistory> {
      await requireCreator(user);
      return history(user.id, options);
    },

    /** The whole available balance, once at a time (the creator's row lock and a unique index). */
    async requestPayout(user: Viewer): Promise<{ message: string; payout: Payout }> {
      await requireCreator(user);
      const payout = await store.withTransaction(async (r) => {
        await r.purchases.lockUser(user.id);
        if (await r.payouts.findOpen(user.id)) throw conflict(m.payoutOpen);
        const now = clock.now();
        const balances = await r.ledger.balances(user.id, CURRENCY, addDays(now, -deps.holdDays));
        const available = balances.owed - balances.pending;
        if (available <= 0) throw conflict(m.noAvailableBalance);
        const created = await r.payouts.create({
          creatorUserId: user.id,
          amount: available,
          currency: CURRENCY,
          now,
        });
        if (!created) throw conflict(m.payoutOpen);
        await r.ledger.post(payoutRequestPosting(created, now));
        return created;
      });
      return { message: m.payoutRequested, payout: presentPayout(payout) };
    },

    async listPayouts(
      admin: Viewer,
      options: { status?: PayoutStatus; limit: number; cursor?: string },
    ): Promise<z.infer<typeof adminPayoutListSchema>> {
      assertCanSettlePayouts(admin);
      const after = decodeCursor(options.cursor, ['at', 'id']);
      const rows = await store.payouts.list({
        limit: options.limit + 1,
        ...(options.status ? { status: options.status } : {}),
        ...(after ? { after } : {}),
      });
      const page = rows.slice(0, options.limit);
      const last = page.at(-1);
      return {
        items: page.map(presentAdminPayout),
        nextCursor:
          rows.length > options.limit && last
            ? encodeCursor({ at: last.payout.requestedAt.toISOString(), id: last.payout.id })
            : null,
      };
    },

    async markPaid(
      admin: Viewer,
      id: string,
      note: string | undefined,
    ): Promise<{ message: string; payout: AdminPayout }> {
      assertCanSettlePayouts(admin);
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
      return { message: m.payoutPaid, payout: presentAdminPayout(row) };
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
