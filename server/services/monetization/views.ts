import {
  creatorPlanNames,
  type FanSubscription,
  type Subscriber,
} from '../../../common/schemas/monetization.ts';
import { hasAccess } from '../../policies/monetization.ts';
import { nameForOthers } from '../../presenters/user.ts';
import type {
  FanSubscriptionRow,
  SubscriberRow,
} from '../../repositories/creator-subscriptions.repository.ts';

/** A fan's subscription as the fan sees it. */
export function presentFanSubscription(row: FanSubscriptionRow, now: Date): FanSubscription {
  const { subscription: s, creator } = row;
  return {
    id: s.id,
    creator,
    plan: s.plan,
    planName: creatorPlanNames[s.plan],
    status: s.status,
    hasAccess: hasAccess(s, now),
    amount: { amount: s.amount, currency: s.currency },
    startedAt: s.startedAt.toISOString(),
    currentPeriodStart: s.currentPeriodStart.toISOString(),
    currentPeriodEnd: s.currentPeriodEnd.toISOString(),
    renews: s.status === 'active' || s.status === 'past_due',
    canceledAt: s.canceledAt?.toISOString() ?? null,
    endedAt: s.endedAt?.toISOString() ?? null,
  };
}

/** One row of the creator's Manage Subscriptions table. */
export function presentSubscriber(row: SubscriberRow): Subscriber {
  const { subscription: s, fan } = row;
  return {
    id: s.id,
    userId: fan.id,
    name: nameForOthers(fan),
    handle: fan.handle,
    status: row.status,
    date: s.startedAt.toISOString(),
    plan: s.plan,
    planName: creatorPlanNames[s.plan],
    amount: { amount: s.amount, currency: s.currency },
    currentPeriodEnd: s.currentPeriodEnd.toISOString(),
    canceledAt: s.canceledAt?.toISOString() ?? null,
    endedAt: s.endedAt?.toISOString() ?? null,
    refunded: row.refunded > 0 ? { amount: row.refunded, currency: s.currency } : null,
    blocked: row.blocked,
  };
}

/** '$9.99' */
export function formatUsd(cents: number, currency = 'USD'): string {
  const value = (cents / 100).toFixed(2);
  return currency === 'USD' ? `$${value}` : `${value} ${currency}`;
}
