import {
  creatorMessages,
  monthlyPriceProblem,
  parsePriceCents,
} from '../../../../common/schemas/creators.ts';
import {
  type ChangePriceInput,
  type CreatorPlanId,
  fanPaymentMessages as m,
  type SubscriberListQuery,
} from '../../../../common/schemas/fan-payments.ts';
import type { CreatorPrices } from '../../../../common/schemas/pricing.ts';
import { conflict, notFound, validationFailed } from '../../../errors.ts';
import type { Clock } from '../../../lib/clock.ts';
import { decodeCursor, keysetPage, timeKey } from '../../../lib/cursor.ts';
import { searchTerm } from '../../../lib/search-term.ts';
import { actorOf, assertCan, assertPresent, refusalOf } from '../../../policies/access.ts';
import type { Viewer } from '../../../policies/actions/creators.ts';
import { hasAccess } from '../../../policies/actions/payments.ts';
import type { FanPaymentsStore } from '../../../repositories/billing/fan-payments/fan-payments-store.ts';
import type {
  CreatorSubscriptionRecord,
  FanSubscriptionRow,
  SubscriberRow,
} from '../../../repositories/billing/fan-payments/fan-subscriptions.repository.ts';
import type {
  CreatorRecord,
  CreatorsRepository,
} from '../../../repositories/creators/creators.repository.ts';
import type { BlocksRepository } from '../../../repositories/safety/blocks.repository.ts';
import type { FanPaymentNotifier } from './notifier.ts';
import { planPriceCents, proRataRefund } from './pricing.ts';
import type { FanRefundService } from './refunds.service.ts';

const DAY = 24 * 60 * 60 * 1000;

/** 'YYYY-MM-DD' (UTC) -> the start of that day; `to` days are inclusive, so their end is the next day. */
export function dayRange(from?: string, to?: string): { from?: Date; to?: Date } {
  return {
    ...(from ? { from: new Date(`${from}T00:00:00.000Z`) } : {}),
    ...(to ? { to: new Date(new Date(`${to}T00:00:00.000Z`).getTime() + DAY) } : {}),
  };
}

/** What the profile's Subscribe Now shows a viewer about one creator. */
export interface CreatorSubscriptionFacts {
  /** The creator's monthly price and bundle discounts: the plans offered now. */
  prices: CreatorPrices;
  /** The viewer's paid subscription to this creator, live or ended (null when signed out or never). */
  subscription: FanSubscriptionRow | null;
  /** Why the viewer may not subscribe now (null: they may; signed out, choosing a plan asks to sign in). */
  refusal: string | null;
  now: Date;
}

/** A creator ends subscriptions to their own page only; any other does not exist for them. */
function assertCreatorOf(
  user: Viewer,
  creator: Pick<CreatorRecord, 'id'>,
  subscription: Pick<CreatorSubscriptionRecord, 'creatorId'> | null,
): void {
  assertCan(actorOf(user), 'subscriber:manage', {
    creatorId: creator.id,
    subscriptionCreatorId: subscription?.creatorId ?? null,
  });
}

/** A creator's price change, as it was made: the endpoint presents it. */
export interface PriceChangeFacts {
  monthlyPriceCents: number;
  currency: string;
  /** False when the price was already this amount. */
  changed: boolean;
  /** Renewing subscribers moved to the new price from their next renewal, each told. */
  subscribersNotified: number;
}

const subscriptionKey = (row: { subscription: { startedAt: Date; id: string } }) =>
  timeKey(row.subscription.startedAt, row.subscription.id);

/**
 * Subscriptions after checkout: the profile's Subscribe Now state, the fan's list and cancel
 * (access until the period ends), the creator's subscribers and Unsubscribe user (access ends now,
 * the unused part is refunded pro rata through the provider and reversed in the ledger).
 */
export function createFanSubscriptionsService(deps: {
  store: FanPaymentsStore;
  refunds: FanRefundService;
  creators: Pick<CreatorsRepository, 'findByHandle' | 'findByUserId'>;
  blocks: Pick<BlocksRepository, 'between'>;
  clock: Clock;
  /** Tells subscribers of a price change (after it committed); null where nobody is told (some tests). */
  notifier?: Pick<FanPaymentNotifier, 'priceChanged'> | null;
}) {
  const { store, clock } = deps;

  async function fanRow(id: string): Promise<FanSubscriptionRow> {
    const row = await store.subscriptions.findForFan(id);
    if (!row) throw notFound(m.subscriptionNotFound);
    return row;
  }

  /** Ends a subscription now and owes back the unused part of each payment covering today. */
  async function endNow(id: string, check: (sub: CreatorSubscriptionRecord | null) => void): Promise<number> {
    const owed = await store.withTransaction(async (r) => {
      const sub = await r.subscriptions.lock(id);
      check(sub);
      if (!sub) throw notFound(m.subscriptionNotFound);
      const now = clock.now();
      if (!hasAccess(sub, now)) throw conflict(m.subscriptionEnded);
      await r.subscriptions.update(sub.id, {
        status: 'unsubscribed',
        endedAt: now,
        canceledAt: sub.canceledAt ?? now,
        nextRetryAt: null,
        updatedAt: now,
      });
      const refunds: { paymentId: string; amount: number }[] = [];
      for (const payment of await r.payments.listCovering(sub.id, now)) {
        if (!payment.periodStart || !payment.periodEnd || payment.chargedBackAt) continue;
        const amount = proRataRefund(
          {
            amount: payment.amount,
            refunded: payment.refundedAmount,
            periodStart: payment.periodStart,
            periodEnd: payment.periodEnd,
          },
          now,
        );
        if (amount > 0 && (await r.payments.owe(payment.id, amount, now)))
          refunds.push({ paymentId: payment.id, amount });
      }
      return refunds;
    });
    // Provider calls run after the commit; one that fails is retried by the job.
    for (const refund of owed) await deps.refunds.send(refund.paymentId);
    return owed.reduce((sum, refund) => sum + refund.amount, 0);
  }

  return {
    /** GET /api/creators/:handle/subscription */
    async state(viewer: Viewer | null, handle: string): Promise<CreatorSubscriptionFacts> {
      const creator = await deps.creators.findByHandle(handle);
      if (!creator) throw notFound(m.creatorNotFound);
      const blocked = viewer ? await deps.blocks.between(viewer.id, creator.userId) : false;
      assertCan(actorOf(viewer), 'creator:plans', { creator, blocked });
      // The plans are the creator's page: not shown where the creator chose not to be (451).
      assertCan(actorOf(viewer), 'creator:region', { creator });
      const now = clock.now();
      const prices: CreatorPrices = {
        monthlyPriceCents: creator.monthlyPriceCents,
        threeMonthDiscountPercent: creator.threeMonthDiscountPercent,
        twelveMonthDiscountPercent: creator.twelveMonthDiscountPercent,
      };
      const facts = { prices, subscription: null, refusal: null, now };
      if (!viewer) return facts;
      const record = await store.subscriptions.find(viewer.id, creator.id);
      return {
        ...facts,
        subscription: record && record.amount > 0 ? await fanRow(record.id) : null,
        refusal:
          refusalOf(actorOf(viewer), 'creator:subscribe', { creator, blocked, subscription: record, now })
            ?.message ?? null,
      };
    },

    /** The fan's subscriptions, newest first: rows for `presentFanSubscriptions` as of `now`. */
    async listMine(
      user: Viewer,
      options: { limit: number; cursor?: string },
    ): Promise<{ rows: FanSubscriptionRow[]; nextCursor: string | null; now: Date }> {
      const before = decodeCursor(options.cursor, ['at', 'id']);
      const rows = await store.subscriptions.listForFan(user.id, {
        limit: options.limit + 1,
        ...(before ? { before } : {}),
      });
      return { ...keysetPage(rows, options.limit, subscriptionKey), now: clock.now() };
    },

    /** The fan cancels: nothing more is charged, access lasts until the period ends. */
    async cancel(user: Viewer, id: string): Promise<{ row: FanSubscriptionRow; now: Date }> {
      await store.withTransaction(async (r) => {
        const sub = await r.subscriptions.lock(id);
        assertCan(actorOf(user), 'fan-subscription:manage', { fanId: sub?.fanId ?? null });
        if (!sub) throw notFound(m.subscriptionNotFound);
        const now = clock.now();
        if (sub.status === 'canceled' && sub.currentPeriodEnd > now) throw conflict(m.alreadyCanceled);
        if (!hasAccess(sub, now)) throw conflict(m.subscriptionEnded);
        await r.subscriptions.update(sub.id, {
          status: 'canceled',
          canceledAt: now,
          nextRetryAt: null,
          updatedAt: now,
        });
      });
      return { row: await fanRow(id), now: clock.now() };
    },

    /** GET /api/creators/me/subscribers */
    async listSubscribers(
      user: Viewer,
      query: Omit<SubscriberListQuery, 'limit'> & { limit: number },
    ): Promise<{ rows: SubscriberRow[]; nextCursor: string | null }> {
      const creator = await deps.creators.findByUserId(user.id);
      assertCan(actorOf(user), 'creator:books', { creatorUserId: creator?.userId ?? null });
      assertPresent(creator);
      const before = decodeCursor(query.cursor, ['at', 'id']);
      const rows = await store.subscriptions.listSubscribers(creator.id, {
        now: clock.now(),
        limit: query.limit + 1,
        ...(searchTerm(query.q) ? { query: searchTerm(query.q) } : {}),
        ...(query.status ? { status: query.status } : {}),
        ...dayRange(query.from, query.to),
        ...(before ? { before } : {}),
      });
      return keysetPage(rows, query.limit, subscriptionKey);
    },

    /** Unsubscribe user: access ends now and the unused part of what the fan paid goes back. */
    async unsubscribe(user: Viewer, id: string): Promise<{ row: SubscriberRow; refund: number }> {
      const creator = await deps.creators.findByUserId(user.id);
      assertCan(actorOf(user), 'creator:books', { creatorUserId: creator?.userId ?? null });
      assertPresent(creator);
      const refund = await endNow(id, (sub) => assertCreatorOf(user, creator, sub));
      const row = await store.subscriptions.findSubscriber(id, clock.now());
      if (!row) throw notFound(m.subscriptionNotFound);
      return { row, refund };
    },

    /**
     * PUT /api/creators/me/price: new subscribers pay the new price at once (checkout and offers read
     * the creator's price). Each renewing subscriber keeps what they paid for the period they have,
     * and from their next renewal (a past-due one: its next try) is charged what their plan costs at
     * the new price; a decrease works the same way. Both writes are one transaction; every subscriber
     * whose amount moved is told by email and notification afterwards, with the old price, the new
     * one and the date. Asking again with the same price changes nothing and tells nobody.
     */
    async changePrice(user: Viewer, input: ChangePriceInput): Promise<PriceChangeFacts> {
      const creator = await deps.creators.findByUserId(user.id);
      assertCan(actorOf(user), 'creator:price', { creator });
      assertPresent(creator);
      const problem = monthlyPriceProblem(input.monthlyPrice);
      const cents = parsePriceCents(input.monthlyPrice);
      if (problem || cents === null)
        throw validationFailed({ monthlyPrice: problem ?? creatorMessages.priceFormat });
      const now = clock.now();
      const notices: {
        fanId: string;
        plan: CreatorPlanId;
        oldAmount: number;
        newAmount: number;
        currency: string;
        from: Date;
      }[] = [];
      const changed = cents !== creator.monthlyPriceCents;
      await store.withTransaction(async (r) => {
        const updated = await r.subscriptions.setCreatorMonthlyPrice(creator.id, cents, now);
        if (!updated) throw notFound(m.creatorNotFound);
        const prices: CreatorPrices = {
          monthlyPriceCents: cents,
          threeMonthDiscountPercent: updated.threeMonthDiscountPercent,
          twelveMonthDiscountPercent: updated.twelveMonthDiscountPercent,
        };
        for (const sub of await r.subscriptions.lockRenewing(creator.id)) {
          const amount = planPriceCents(prices, sub.plan);
          // A bundle the creator no longer offers keeps its price; an unchanged one needs no notice.
          if (amount === null || amount === sub.amount) continue;
          await r.subscriptions.update(sub.id, { amount, updatedAt: now });
          notices.push({
            fanId: sub.fanId,
            plan: sub.plan,
            oldAmount: sub.amount,
            newAmount: amount,
            currency: sub.currency,
            from: sub.status === 'past_due' ? (sub.nextRetryAt ?? now) : sub.currentPeriodEnd,
          });
        }
      });
      for (const notice of notices)
        await deps.notifier?.priceChanged({
          ...notice,
          creator: { handle: creator.handle, displayName: creator.displayName },
        });
      return { monthlyPriceCents: cents, currency: 'USD', changed, subscribersNotified: notices.length };
    },

    /**
     * Privacy & Safety's Delete User on a fan the creator blocked: their subscription, if it still
     * gives access, ends now and is refunded exactly as Unsubscribe user does. Answers the refund.
     */
    async endForRemoval(creatorUserId: string, fanId: string): Promise<number> {
      const creator = await deps.creators.findByUserId(creatorUserId);
      if (!creator) return 0;
      const sub = await store.subscriptions.find(fanId, creator.id);
      if (!sub || !hasAccess(sub, clock.now())) return 0;
      return endNow(sub.id, (locked) =>
        assertCreatorOf({ id: creatorUserId, role: 'user' }, creator, locked),
      );
    },
  };
}

export type FanSubscriptionsService = ReturnType<typeof createFanSubscriptionsService>;
