import {
  type CreatorSubscriptionState,
  type FanSubscription,
  type FanSubscriptionList,
  monetizationMessages as m,
  type SubscriberList,
  type SubscriberListQuery,
  type UnsubscribeResponse,
} from '../../../common/schemas/monetization.ts';
import { conflict, notFound } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { searchTerm } from '../../lib/search-term.ts';
import { isOwnerOf, type Viewer } from '../../policies/creators.ts';
import {
  assertIsCreator,
  assertIsCreatorOf,
  assertIsSubscriber,
  hasAccess,
  subscribeProblem,
} from '../../policies/monetization.ts';
import type { BlocksRepository } from '../../repositories/blocks.repository.ts';
import type { CreatorsRepository } from '../../repositories/creators.repository.ts';
import type { MonetizationStore } from '../../repositories/monetization-store.ts';
import { planOptions, proRataRefund } from './pricing.ts';
import type { FanRefundService } from './refunds.service.ts';
import { presentFanSubscription, presentSubscriber } from './views.ts';

const DAY = 24 * 60 * 60 * 1000;

/** 'YYYY-MM-DD' (UTC) -> the start of that day; `to` days are inclusive, so their end is the next day. */
export function dayRange(from?: string, to?: string): { from?: Date; to?: Date } {
  return {
    ...(from ? { from: new Date(`${from}T00:00:00.000Z`) } : {}),
    ...(to ? { to: new Date(new Date(`${to}T00:00:00.000Z`).getTime() + DAY) } : {}),
  };
}

/**
 * Subscriptions after checkout: the profile's Subscribe Now state, the fan's list and cancel
 * (access until the period ends), the creator's subscribers and Unsubscribe user (access ends now,
 * the unused part is refunded pro rata through the provider and reversed in the ledger).
 */
export function createFanSubscriptionsService(deps: {
  store: MonetizationStore;
  refunds: FanRefundService;
  creators: Pick<CreatorsRepository, 'findByHandle' | 'findByUserId'>;
  blocks: Pick<BlocksRepository, 'between'>;
  clock: Clock;
}) {
  const { store, clock } = deps;

  async function fanView(id: string): Promise<FanSubscription> {
    const row = await store.subscriptions.findForFan(id);
    if (!row) throw notFound(m.subscriptionNotFound);
    return presentFanSubscription(row, clock.now());
  }

  return {
    /** GET /api/creators/:handle/subscription */
    async state(viewer: Viewer | null, handle: string): Promise<CreatorSubscriptionState> {
      const creator = await deps.creators.findByHandle(handle);
      if (!creator) throw notFound(m.creatorNotFound);
      const blocked = viewer ? await deps.blocks.between(viewer.id, creator.userId) : false;
      if (blocked || (creator.status !== 'approved' && !isOwnerOf(viewer, creator)))
        throw notFound(m.creatorNotFound);
      const plans = planOptions(creator.monthlyPriceCents);
      if (!viewer) return { plans, subscription: null, canSubscribe: true, reason: null };
      const record = await store.subscriptions.find(viewer.id, creator.id);
      const subscription = record && record.amount > 0 ? await fanView(record.id) : null;
      const reason = subscribeProblem(viewer, creator, { blocked, subscription: record, now: clock.now() });
      return { plans, subscription, canSubscribe: reason === null, reason };
    },

    async listMine(user: Viewer, options: { limit: number; cursor?: string }): Promise<FanSubscriptionList> {
      const before = decodeCursor(options.cursor, ['at', 'id']);
      const rows = await store.subscriptions.listForFan(user.id, {
        limit: options.limit + 1,
        ...(before ? { before } : {}),
      });
      const page = rows.slice(0, options.limit);
      const last = page.at(-1);
      const now = clock.now();
      return {
        items: page.map((row) => presentFanSubscription(row, now)),
        nextCursor:
          rows.length > options.limit && last
            ? encodeCursor({ at: last.subscription.startedAt.toISOString(), id: last.subscription.id })
            : null,
      };
    },

    /** The fan cancels: nothing more is charged, access lasts until the period ends. */
    async cancel(user: Viewer, id: string): Promise<{ message: string; subscription: FanSubscription }> {
      await store.withTransaction(async (r) => {
        const sub = await r.subscriptions.lock(id);
        assertIsSubscriber(user, sub);
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
      return { message: m.canceled, subscription: await fanView(id) };
    },

    /** GET /api/creators/me/subscribers */
    async listSubscribers(
      user: Viewer,
      query: Omit<SubscriberListQuery, 'limit'> & { limit: number },
    ): Promise<SubscriberList> {
      const creator = await deps.creators.findByUserId(user.id);
      assertIsCreator(creator);
      const before = decodeCursor(query.cursor, ['at', 'id']);
      const rows = await store.subscriptions.listSubscribers(creator.id, {
        now: clock.now(),
        limit: query.limit + 1,
        ...(searchTerm(query.q) ? { query: searchTerm(query.q) } : {}),
        ...(query.status ? { status: query.status } : {}),
        ...dayRange(query.from, query.to),
        ...(before ? { before } : {}),
      });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map((row) => presentSubscriber(row)),
        nextCursor:
          rows.length > query.limit && last
            ? encodeCursor({ at: last.subscription.startedAt.toISOString(), id: last.subscription.id })
            : null,
      };
    },

    /** Unsubscribe user: access ends now and the unused part of what the fan paid goes back. */
    async unsubscribe(user: Viewer, id: string): Promise<UnsubscribeResponse> {
      const creator = await deps.creators.findByUserId(user.id);
      assertIsCreator(creator);
      const owed = await store.withTransaction(async (r) => {
        const sub = await r.subscriptions.lock(id);
        assertIsCreatorOf(creator, sub);
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
      const total = owed.reduce((sum, refund) => sum + refund.amount, 0);
      const row = await store.subscriptions.findSubscriber(id, clock.now());
      if (!row) throw notFound(m.subscriptionNotFound);
      return {
        message: m.unsubscribed,
        subscriber: presentSubscriber(row),
        refund: total > 0 ? { amount: total, currency: row.subscription.currency } : null,
      };
    },
  };
}

export type FanSubscriptionsService = ReturnType<typeof createFanSubscriptionsService>;
