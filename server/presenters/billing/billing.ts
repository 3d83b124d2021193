import { creatorPricing, offeredPlans } from '../../../common/schemas/creators.ts';
import {
  type CancelSubscriptionResponse,
  type CheckoutOutcome,
  type CheckoutResponse,
  type CreatorPlanOption,
  type CreatorSubscriptionState,
  creatorPlanFeatures,
  creatorPlanNames,
  type FanSubscription,
  type FanSubscriptionList,
  type MoneyView,
  fanPaymentMessages as m,
  type Payout,
  type PriceChange,
  priceChangeMessages,
  type Subscriber,
  type SubscriberList,
  type TransactionDetail,
  type TransactionList,
  type Transaction as TransactionView,
  type UnsubscribeResponse,
  type VerifyCheckoutResponse,
  type Wallet,
  type WalletEntry,
  type WalletHistory,
} from '../../../common/schemas/fan-payments.ts';
import type { PostList } from '../../../common/schemas/posts.ts';
import { tipMessages } from '../../../common/schemas/tips.ts';
import { addDays } from '../../lib/clock.ts';
import type { Viewer } from '../../policies/actions/creators.ts';
import { hasAccess } from '../../policies/actions/payments.ts';
import type { WalletHistoryRow } from '../../repositories/billing/core/ledger.repository.ts';
import type {
  FanSubscriptionRow,
  SubscriberRow,
} from '../../repositories/billing/fan-payments/fan-subscriptions.repository.ts';
import type { TransactionRow } from '../../repositories/billing/fan-payments/transactions.repository.ts';
import type { PayoutRecord } from '../../repositories/billing/payouts/payouts.repository.ts';
import type { PostRow } from '../../repositories/posts/index.ts';
import type {
  CheckoutVerification,
  FanCheckoutStarted,
} from '../../services/billing/fan-payments/checkout.service.ts';
import type { TransactionDetails } from '../../services/billing/fan-payments/library.service.ts';
import { type PricesOrMonthly, pricesOf } from '../../services/billing/fan-payments/pricing.ts';
import type {
  CreatorSubscriptionFacts,
  PriceChangeFacts,
} from '../../services/billing/fan-payments/subscriptions.service.ts';
import type { WalletHistoryPage, WalletSummary } from '../../services/billing/fan-payments/wallet.service.ts';
import type { PresentPosts } from '../../services/posts/post-views.ts';
import { nameForOthers } from '../auth/user.ts';

/**
 * Fan payments as they leave the server: subscriptions, checkouts, the wallet, payouts and the
 * transaction history. Services hand over rows and facts; the wording and the answer's shape are here.
 */

const money = (amount: number, currency: string): MoneyView => ({ amount, currency });
const iso = (date: Date | null) => date?.toISOString() ?? null;

/** A keyset page of rows as the answer's `{items, nextCursor}`. */
const itemsOf = <Row, Item>(
  page: { rows: Row[]; nextCursor: string | null },
  present: (row: Row) => Item,
): { items: Item[]; nextCursor: string | null } => ({
  items: page.rows.map(present),
  nextCursor: page.nextCursor,
});

// Subscriptions

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
    amount: money(s.amount, s.currency),
    startedAt: s.startedAt.toISOString(),
    currentPeriodStart: s.currentPeriodStart.toISOString(),
    currentPeriodEnd: s.currentPeriodEnd.toISOString(),
    renews: s.status === 'active' || s.status === 'past_due',
    trial: row.trial,
    canceledAt: iso(s.canceledAt),
    endedAt: iso(s.endedAt),
  };
}

/** A page of the fan's subscriptions. */
export function presentFanSubscriptions(page: {
  rows: FanSubscriptionRow[];
  nextCursor: string | null;
  now: Date;
}): FanSubscriptionList {
  return itemsOf(page, (row) => presentFanSubscription(row, page.now));
}

export function presentCanceledSubscription(done: {
  row: FanSubscriptionRow;
  now: Date;
}): CancelSubscriptionResponse {
  return { message: m.canceled, subscription: presentFanSubscription(done.row, done.now) };
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
    amount: money(s.amount, s.currency),
    currentPeriodEnd: s.currentPeriodEnd.toISOString(),
    canceledAt: iso(s.canceledAt),
    endedAt: iso(s.endedAt),
    trial: row.trial,
    renews: row.status !== 'Expired' && (s.status === 'active' || s.status === 'past_due'),
    activeUntil:
      row.status !== 'Expired' && (s.status === 'active' || s.status === 'canceled')
        ? s.currentPeriodEnd.toISOString()
        : null,
    retryAt: s.status === 'past_due' ? iso(s.nextRetryAt) : null,
    refunded: row.refunded > 0 ? money(row.refunded, s.currency) : null,
    blocked: row.blocked,
  };
}

/** A page of the creator's subscribers. */
export function presentSubscribers(page: {
  rows: SubscriberRow[];
  nextCursor: string | null;
}): SubscriberList {
  return itemsOf(page, presentSubscriber);
}

/** Unsubscribe user's answer: the row as it is now, and what this refunded (in cents). */
export function presentUnsubscribed(done: { row: SubscriberRow; refund: number }): UnsubscribeResponse {
  return {
    message: m.unsubscribed,
    subscriber: presentSubscriber(done.row),
    refund: done.refund > 0 ? money(done.refund, done.row.subscription.currency) : null,
  };
}

/** The creator's price change: the new monthly price and how many subscribers were told. */
export function presentPriceChange(done: PriceChangeFacts): PriceChange {
  const notified = done.subscribersNotified;
  const told =
    notified === 0
      ? 'No current subscriber renews at a different price.'
      : `${notified} ${notified === 1 ? 'subscriber was' : 'subscribers were'} told by email; each pays the new price from their next renewal.`;
  return {
    message:
      done.changed || notified > 0
        ? `${priceChangeMessages.changed}. ${told}`
        : priceChangeMessages.unchanged,
    monthlyPrice: money(done.monthlyPriceCents, done.currency),
    subscribersNotified: notified,
  };
}

/** The Select plan dialog's options at the creator's monthly price. */
export function presentPlanOptions(prices: PricesOrMonthly): CreatorPlanOption[] {
  return offeredPlans(pricesOf(prices)).map((plan) => ({
    id: plan.id,
    name: creatorPlanNames[plan.id],
    price: money(plan.priceCents, creatorPricing.currency),
    months: plan.months,
    badge: plan.badge,
    savingPercent: plan.savingPercent,
    features: [...creatorPlanFeatures],
  }));
}

/** The profile's Subscribe Now state: the plans, the viewer's subscription and whether they may subscribe. */
export function presentCreatorSubscriptionState(facts: CreatorSubscriptionFacts): CreatorSubscriptionState {
  return {
    plans: presentPlanOptions(facts.prices),
    subscription: facts.subscription ? presentFanSubscription(facts.subscription, facts.now) : null,
    canSubscribe: facts.refusal === null,
    reason: facts.refusal,
  };
}

// Checkout

/** Where to send the browser to pay (snake case: the provider's own word for it). */
export function presentFanCheckout(started: FanCheckoutStarted): CheckoutResponse {
  return {
    authorization_url: started.authorizationUrl,
    reference: started.reference,
    amount: money(started.amount, started.currency),
  };
}

const outcomeMessages: Record<CheckoutOutcome, string> = {
  succeeded: m.verified,
  failed: m.failed,
  abandoned: m.abandoned,
  pending: m.pending,
  refused: m.refused,
};

export function presentCheckoutVerification(result: CheckoutVerification): VerifyCheckoutResponse {
  const { payment } = result;
  return {
    status: result.status,
    message:
      payment.purpose === 'tip' && result.status === 'succeeded'
        ? tipMessages.sent
        : outcomeMessages[result.status],
    purpose:
      payment.purpose === 'tip' || payment.purpose === 'post_unlock' || payment.purpose === 'message_unlock'
        ? payment.purpose
        : 'creator_subscription',
    creatorHandle: result.creatorHandle,
    postId: payment.postId,
    subscription: result.subscription ? presentFanSubscription(result.subscription, result.now) : null,
  };
}

// Transactions

export function presentTransaction(row: TransactionRow): TransactionView {
  return {
    id: row.id,
    kind: row.kind,
    transactionId: row.transactionId,
    name: row.name,
    handle: row.handle,
    amount: money(row.amount, row.currency),
    direction: row.direction,
    status: row.status,
    paymentMethod: row.paymentMethod,
    description: row.description,
    date: row.date.toISOString(),
  };
}

export function presentTransactions(page: {
  rows: TransactionRow[];
  nextCursor: string | null;
}): TransactionList {
  return itemsOf(page, presentTransaction);
}

/** View Details: the split of a settled payment, and what was refunded of it (to the fan only). */
export function presentTransactionDetail({ row, payment, isFan }: TransactionDetails): TransactionDetail {
  const settled = payment?.status === 'succeeded' && payment.feeAmount !== null;
  const fee = payment?.feeAmount ?? 0;
  return {
    ...presentTransaction(row),
    breakdown:
      payment && settled
        ? {
            gross: money(payment.amount, payment.currency),
            platformFee: money(fee, payment.currency),
            creatorEarning: money(payment.amount - fee, payment.currency),
          }
        : null,
    refunded:
      payment && isFan && payment.refundedAmount > 0 ? money(payment.refundedAmount, payment.currency) : null,
  };
}

/** The private profile's Purchased tab: the unlocked posts as post cards for their buyer. */
export async function presentPurchases(
  present: PresentPosts,
  viewer: Viewer,
  page: { rows: PostRow[]; nextCursor: string | null },
): Promise<PostList> {
  return { items: await present(viewer, page.rows), nextCursor: page.nextCursor };
}

// Wallet and payouts

export function presentPayout(payout: PayoutRecord): Payout {
  return {
    id: payout.id,
    amount: money(payout.amount, payout.currency),
    status: payout.status,
    requestedAt: payout.requestedAt.toISOString(),
    paidAt: iso(payout.paidAt),
    note: payout.note,
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

/**
 * A history row in the creator's words: who paid for what, or what was taken back from whom. The
 * fan is named as they named themselves (never by their email address).
 */
function entryText(kind: WalletEntry['kind'], row: WalletHistoryRow): string {
  if (kind === 'payout') {
    // Money coming back from a payout that failed or that the bank sent back, with the reason.
    if (row.kind === 'payout_returned') {
      const reason = /^Payout returned, [^:]+: (.+)$/.exec(row.description)?.[1];
      return reason ? `Payout returned to your balance: ${reason}` : 'Payout returned to your balance';
    }
    return 'Payout of your earnings, requested';
  }
  const fan = `${row.fanFirstName ?? ''} ${row.fanLastName ?? ''}`.trim() || 'A fan';
  const plan = row.plan ? ` (${creatorPlanNames[row.plan]})` : '';
  if (row.purpose === 'tip')
    return kind === 'refund'
      ? `Refund to ${fan} for their tip`
      : kind === 'chargeback'
        ? `Chargeback by ${fan} on their tip`
        : `${fan} tipped you`;
  const sold =
    row.purpose === 'post_unlock'
      ? 'your post they unlocked'
      : row.purpose === 'message_unlock'
        ? 'your message they unlocked'
        : row.purpose === 'subscription_renewal'
          ? `their subscription renewal${plan}`
          : `their subscription${plan}`;
  if (kind === 'refund') return `Refund to ${fan} for ${sold}`;
  if (kind === 'chargeback') return `Chargeback by ${fan} on ${sold}`;
  return row.purpose === 'post_unlock'
    ? `${fan} unlocked your post`
    : row.purpose === 'message_unlock'
      ? `${fan} unlocked your message`
      : row.purpose === 'subscription_renewal'
        ? `${fan} renewed their subscription${plan}`
        : `${fan} subscribed to you${plan}`;
}

/** The creator's earnings history; an earning says when it leaves the hold. */
export function presentWalletHistory(page: WalletHistoryPage): WalletHistory {
  return itemsOf(page, (row) => {
    const kind = entryKind(row.kind);
    return {
      id: row.id,
      kind,
      description: entryText(kind, row),
      amount: money(row.amount, row.currency),
      availableAt: kind === 'earning' && row.paidAt ? addDays(row.paidAt, page.holdDays).toISOString() : null,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

export function presentWallet(wallet: WalletSummary): Wallet {
  const { balances, currency } = wallet;
  return {
    currency,
    available: money(wallet.available, currency),
    pending: money(balances.pending, currency),
    inPayout: money(balances.inPayout, currency),
    paidOut: money(balances.paidOut, currency),
    lifetimeEarnings: money(balances.lifetime, currency),
    holdDays: wallet.holdDays,
    platformFeePercent: wallet.feePercent,
    nextAvailableAt: balances.oldestHeldPaidAt
      ? addDays(balances.oldestHeldPaidAt, wallet.holdDays).toISOString()
      : null,
    openPayout: wallet.openPayout ? presentPayout(wallet.openPayout) : null,
    automaticPayoutsMessage: m.automaticPayouts,
    history: presentWalletHistory(wallet.history),
  };
}
