import { payoutMessages as m } from '../../../../common/schemas/payouts.ts';
import { badRequest, conflict } from '../../../errors.ts';
import { addDays, type Clock } from '../../../lib/clock.ts';
import { formatUsd } from '../../../lib/money.ts';
import type { ExchangeRateRecord } from '../../../repositories/billing/core/exchange-rates.repository.ts';
import type { PayoutAccountRecord } from '../../../repositories/billing/payouts/payout-accounts.repository.ts';
import type { PayoutSettingsRecord } from '../../../repositories/billing/payouts/payout-settings.repository.ts';
import type { PayoutRecord } from '../../../repositories/billing/payouts/payouts.repository.ts';
import type {
  PayoutRepositories,
  PayoutsStore,
} from '../../../repositories/billing/payouts/payouts-store.ts';
import { payoutRequestPosting } from '../fan-payments/ledger-postings.ts';
import { parseRate, toLocalMinor } from './rates.ts';

const USD = 'USD';

export interface PayoutSettings {
  schedule: PayoutSettingsRecord['schedule'];
  /** ISO weekday (1 Monday .. 7 Sunday) of a weekly payout; null on request. */
  weekday: number | null;
  /** The creator's minimum in USD cents (never below the platform's). */
  minimumCents: number;
  platformMinimumCents: number;
  /** Automatic payouts wait until then (a recent account change); null when not held. */
  automaticHoldUntil: Date | null;
}

/** What a payout of `amount` would be, before the creator confirms it. */
export interface PayoutQuote {
  amount: number;
  currency: string;
  available: number;
  method: PayoutRecord['method'];
  /** What the account receives (transfers); null when sent by hand in USD. */
  local: { amount: number; currency: string; rateMicros: number; rateSetAt: Date } | null;
  account: PayoutAccountRecord | null;
}

export interface PayoutRequest {
  creatorUserId: string;
  /** USD cents. */
  amount: number;
  /** The client's key: the same key finds the same payout (a double click makes one payout). */
  idempotencyKey?: string | null;
  origin?: PayoutRecord['origin'];
}

export interface WeeklyReport {
  weekday: number;
  made: number;
  skipped: { creatorUserId: string; reason: string }[];
}

/** ISO weekday, 1 (Monday) to 7 (Sunday), in UTC. */
export const isoWeekday = (date: Date) => ((date.getUTCDay() + 6) % 7) + 1;

/**
 * Payout settings, exchange rates, quotes and requests. A request sets the amount aside in the
 * ledger (available -> in payout) in the same transaction that makes the payout, under the
 * creator's row lock, so available earnings never go negative; a transfer payout is then queued for
 * the initiate job. Without a transfer provider or a payout account, payouts are sent by hand.
 */
export function createPayoutRequests(deps: {
  store: PayoutsStore;
  /** False when payouts are only sent by hand (no transfer provider). */
  transfersEnabled: boolean;
  clock: Clock;
  holdDays: number;
  minimumCents: number;
  rateMaxAgeHours: number;
  /** Queues the initiate job for a transfer payout (after its commit). */
  queueInitiate(payoutId: string): Promise<void>;
}) {
  const { store, clock } = deps;

  function settingsOf(row: PayoutSettingsRecord | null): PayoutSettings {
    return {
      schedule: row?.schedule ?? 'on_request',
      weekday: row?.schedule === 'weekly' ? (row.weekday ?? null) : null,
      minimumCents: Math.max(row?.minimumCents ?? deps.minimumCents, deps.minimumCents),
      platformMinimumCents: deps.minimumCents,
      automaticHoldUntil:
        row?.automaticHoldUntil && row.automaticHoldUntil > clock.now() ? row.automaticHoldUntil : null,
    };
  }

  async function available(r: Pick<PayoutRepositories, 'ledger'>, creatorUserId: string, now: Date) {
    const balances = await r.ledger.balances(creatorUserId, USD, addDays(now, -deps.holdDays));
    return balances.owed - balances.pending;
  }

  /** The rate in force, refused when there is none or it is older than PAYOUT_RATE_MAX_AGE_HOURS. */
  async function freshRate(currency: string): Promise<ExchangeRateRecord> {
    const rate = await store.rates.latest(currency);
    if (!rate) throw conflict(m.noRate(currency));
    const age = clock.now().getTime() - rate.setAt.getTime();
    if (age > deps.rateMaxAgeHours * 3_600_000) throw conflict(m.staleRate(currency));
    return rate;
  }

  /** Every check a payout of `amount` must pass, except the balance (checked under the lock). */
  async function plan(creatorUserId: string, amount: number) {
    if (!Number.isSafeInteger(amount) || amount <= 0) throw badRequest(m.badAmount);
    const settings = settingsOf(await store.settings.find(creatorUserId));
    if (amount < settings.minimumCents) throw conflict(m.belowMinimum(formatUsd(settings.minimumCents)));
    const account = deps.transfersEnabled ? await store.accounts.current(creatorUserId) : null;
    if (!account) return { account: null, local: null };
    const rate = await freshRate(account.currency);
    const local = {
      amount: toLocalMinor(amount, rate.unitsPerUsdMicros),
      currency: account.currency,
      rateMicros: rate.unitsPerUsdMicros,
      rateSetAt: rate.setAt,
    };
    return { account, local };
  }

  async function request(input: PayoutRequest): Promise<PayoutRecord> {
    const key = input.idempotencyKey?.trim() || null;
    if (key) {
      const again = await store.payouts.findByIdempotencyKey(input.creatorUserId, key);
      if (again) return again;
    }
    const { account, local } = await plan(input.creatorUserId, input.amount);
    const made = await store.withTransaction(async (r) => {
      await r.payouts.lockCreator(input.creatorUserId);
      if (key) {
        const again = await r.payouts.findByIdempotencyKey(input.creatorUserId, key);
        if (again) return { payout: again, fresh: false };
      }
      if (await r.payouts.findOpen(input.creatorUserId)) throw conflict(m.payoutOpen);
      const now = clock.now();
      const free = await available(r, input.creatorUserId, now);
      if (input.amount > free) throw conflict(m.aboveAvailable(formatUsd(Math.max(free, 0))));
      const payout = await r.payouts.create({
        creatorUserId: input.creatorUserId,
        amount: input.amount,
        currency: USD,
        now,
        method: account ? 'transfer' : 'manual',
        origin: input.origin ?? 'request',
        idempotencyKey: key,
        payoutAccountId: account?.id ?? null,
        recipientCode: account?.recipientCode ?? null,
        localAmount: local?.amount ?? null,
        localCurrency: local?.currency ?? null,
        rateMicros: local?.rateMicros ?? null,
      });
      if (!payout) throw conflict(m.payoutOpen);
      await r.ledger.post(payoutRequestPosting(payout, now));
      return { payout, fresh: true };
    });
    if (made.fresh && made.payout.method === 'transfer') await deps.queueInitiate(made.payout.id);
    return made.payout;
  }

  return {
    async settings(creatorUserId: string): Promise<PayoutSettings> {
      return settingsOf(await store.settings.find(creatorUserId));
    },

    async updateSettings(
      creatorUserId: string,
      input: {
        schedule: PayoutSettingsRecord['schedule'];
        weekday?: number | null;
        minimumCents?: number | null;
      },
    ): Promise<PayoutSettings> {
      const weekday = input.schedule === 'weekly' ? (input.weekday ?? null) : null;
      if (
        input.schedule === 'weekly' &&
        (weekday === null || !Number.isInteger(weekday) || weekday < 1 || weekday > 7)
      )
        throw badRequest(m.badWeekday);
      const minimum = input.minimumCents ?? null;
      if (minimum !== null && (!Number.isSafeInteger(minimum) || minimum < deps.minimumCents))
        throw badRequest(m.minimumTooLow(formatUsd(deps.minimumCents)));
      return settingsOf(
        await store.settings.save(
          creatorUserId,
          { schedule: input.schedule, weekday, minimumCents: minimum },
          clock.now(),
        ),
      );
    },

    /** An admin sets the rate for a currency ('1550.25' local units per USD); the newest is in force. */
    async setRate(
      adminId: string,
      input: { currency: string; unitsPerUsd: string },
    ): Promise<ExchangeRateRecord> {
      const micros = parseRate(input.unitsPerUsd);
      if (micros === null) throw badRequest(m.badRate);
      return store.rates.add({
        currency: input.currency.toUpperCase(),
        unitsPerUsdMicros: micros,
        setAt: clock.now(),
        setBy: adminId,
      });
    },

    /** The same checks as a request, and what the account would receive; nothing is set aside. */
    async quote(creatorUserId: string, amount: number): Promise<PayoutQuote> {
      const { account, local } = await plan(creatorUserId, amount);
      const free = await available(store, creatorUserId, clock.now());
      if (amount > free) throw conflict(m.aboveAvailable(formatUsd(Math.max(free, 0))));
      return {
        amount,
        currency: USD,
        available: free,
        method: account ? 'transfer' : 'manual',
        local,
        account,
      };
    },

    request,

    /** What may be paid out now (earned, past the hold, not set aside). */
    available: (creatorUserId: string): Promise<number> => available(store, creatorUserId, clock.now()),

    /**
     * The weekly run: creators whose payout weekday is today, past any account-change hold, with a
     * transfer account and at least their minimum available, are paid all of it. The day's key makes
     * a second run on the same day a no-op.
     */
    async runWeekly(): Promise<WeeklyReport> {
      const now = clock.now();
      const weekday = isoWeekday(now);
      const report: WeeklyReport = { weekday, made: 0, skipped: [] };
      for (const row of await store.settings.weeklyOn(weekday, now)) {
        const creatorUserId = row.creatorUserId;
        const skip = (reason: string) => report.skipped.push({ creatorUserId, reason });
        if (!deps.transfersEnabled || !(await store.accounts.current(creatorUserId))) {
          skip('no payout account');
          continue;
        }
        const amount = await available(store, creatorUserId, now);
        if (amount < settingsOf(row).minimumCents) {
          skip('below the minimum');
          continue;
        }
        try {
          const key = `weekly-${now.toISOString().slice(0, 10)}`;
          const existing = await store.payouts.findByIdempotencyKey(creatorUserId, key);
          if (existing) {
            skip('already made today');
            continue;
          }
          await request({ creatorUserId, amount, idempotencyKey: key, origin: 'weekly' });
          report.made += 1;
        } catch (error) {
          if (!(error instanceof Error) || !('statusCode' in error)) throw error;
          skip(error.message);
        }
      }
      return report;
    },
  };
}

export type PayoutRequests = ReturnType<typeof createPayoutRequests>;
