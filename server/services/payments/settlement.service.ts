import { type BillingPeriod, periodDays, planRules } from '../../../common/plans.ts';
import type { PaymentOutcome } from '../../../common/schemas/subscriptions.ts';
import type { ProviderTransaction } from '../../adapters/payments/provider.ts';
import type { Clock } from '../../lib/clock.ts';
import type { NewPaymentEvent } from '../../repositories/payment-events.repository.ts';
import type { PaymentRecord, ProviderDetails } from '../../repositories/payments.repository.ts';
import type { PaymentRepositories, PaymentsStore } from '../../repositories/payments-store.ts';
import type { SubscriptionRecord } from '../../repositories/subscriptions.repository.ts';
import { cardCheckPosting, planChargePosting, refusedChargePosting } from './ledger-postings.ts';

const DAY = 24 * 60 * 60 * 1000;
export const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY);

export interface Settlement {
  outcome: PaymentOutcome | 'duplicate';
  /** What happened, in words (stored as the webhook event's outcome). */
  note: string;
}

interface Decision extends Settlement {
  refundPaymentId: string | null;
  /** A card authorization no live plan uses any more. */
  releaseAuthorization: string | null;
}

/** Where a payment already settled stands, for a verify or a webhook that comes second. */
export function outcomeOf(payment: Pick<PaymentRecord, 'status'>): PaymentOutcome {
  return payment.status;
}

const LIVE: readonly string[] = ['trialing', 'active', 'past_due'];

export interface SettlementDependencies {
  store: PaymentsStore;
  clock: Clock;
  /** Refunds after the transaction committed (a provider call never runs inside one). */
  refund(paymentId: string): Promise<void>;
  releaseAuthorization(code: string): Promise<void>;
}

/**
 * Gives value for a payment exactly once, whoever reports it first (the verify call, a webhook, the
 * renewal job) and however often. Under the owner's row lock, in one database transaction: the
 * webhook event's unique key, the payment's `pending -> succeeded` conditional update, the plan
 * change and the ledger rows. A second report finds the payment settled and changes nothing.
 */
export function createSettlementService(deps: SettlementDependencies) {
  const { store, clock } = deps;

  function providerDetails(tx: ProviderTransaction, now: Date): ProviderDetails {
    return {
      providerTransactionId: tx.providerTransactionId || null,
      authorizationCode: tx.authorization?.code ?? null,
      customerCode: tx.customerCode,
      cardBrand: tx.authorization?.brand ?? null,
      cardLast4: tx.authorization?.last4 ?? null,
      paidAt: tx.paidAt ?? now,
    };
  }

  async function refuse(
    r: PaymentRepositories,
    payment: PaymentRecord,
    tx: ProviderTransaction,
    reason: string,
    now: Date,
  ): Promise<Decision> {
    const refused = await r.payments.markRefused(payment.id, reason, providerDetails(tx, now), now);
    if (!refused) return settledAlready(r, payment);
    await r.ledger.post(
      refusedChargePosting(refused, { amount: tx.amount, currency: tx.currency }, reason, now),
    );
    return {
      outcome: 'refused',
      note: `refused: ${reason}`,
      refundPaymentId: payment.id,
      releaseAuthorization: null,
    };
  }

  async function settledAlready(r: PaymentRepositories, payment: PaymentRecord): Promise<Decision> {
    const current = await r.payments.findById(payment.id);
    const outcome = current ? outcomeOf(current) : 'failed';
    return { outcome, note: `already ${outcome}`, refundPaymentId: null, releaseAuthorization: null };
  }

  function subscriptionFields(payment: PaymentRecord, tx: ProviderTransaction, email: string) {
    return {
      provider: payment.provider,
      planId: payment.planId,
      billingPeriod: payment.billingPeriod,
      authorizationCode: tx.authorization?.code ?? '',
      customerCode: tx.customerCode,
      email,
      cardBrand: tx.authorization?.brand ?? null,
      cardLast4: tx.authorization?.last4 ?? null,
    };
  }

  /** After a failed renewal: past_due with the next try scheduled, or expired when the tries ran out. */
  async function renewalFailed(
    r: PaymentRepositories,
    payment: PaymentRecord,
    now: Date,
  ): Promise<string | null> {
    if (!payment.subscriptionId) return null;
    const subscription = await r.subscriptions.findById(payment.subscriptionId);
    if (!subscription || !LIVE.includes(subscription.status)) return null;
    const attempts = subscription.renewalAttempts + 1;
    const retryIn = planRules.renewalRetryDays[attempts - 1];
    if (retryIn === undefined) {
      await r.subscriptions.update(subscription.id, {
        status: 'expired',
        endedAt: now,
        renewalAttempts: attempts,
        nextRetryAt: null,
        updatedAt: now,
      });
      return subscription.authorizationCode;
    }
    await r.subscriptions.update(subscription.id, {
      status: 'past_due',
      renewalAttempts: attempts,
      nextRetryAt: addDays(subscription.currentPeriodEnd, retryIn),
      updatedAt: now,
    });
    return null;
  }

  async function activate(
    r: PaymentRepositories,
    payment: PaymentRecord,
    tx: ProviderTransaction,
    now: Date,
  ): Promise<Decision> {
    if (tx.amount !== payment.amount || tx.currency !== payment.currency) {
      return refuse(
        r,
        payment,
        tx,
        `amount mismatch: asked ${payment.amount} ${payment.currency}, provider reported ${tx.amount} ${tx.currency}`,
        now,
      );
    }
    const reusable = tx.authorization?.reusable === true && tx.authorization.code !== '';
    const live = await r.subscriptions.findLive(payment.userId);
    const done = (note: string): Decision => ({
      outcome: 'succeeded',
      note,
      refundPaymentId: null,
      releaseAuthorization: null,
    });

    if (payment.purpose === 'renewal') {
      const subscription = payment.subscriptionId
        ? await r.subscriptions.findById(payment.subscriptionId)
        : null;
      if (!subscription || !LIVE.includes(subscription.status)) {
        return refuse(r, payment, tx, 'the plan ended before this renewal was paid', now);
      }
      if (!(await r.payments.markSucceeded(payment.id, providerDetails(tx, now), now)))
        return settledAlready(r, payment);
      await renew(r, subscription, payment.billingPeriod, payment, now);
      await r.ledger.post(planChargePosting(payment, now));
      return done('renewed');
    }

    if (!reusable) return refuse(r, payment, tx, 'the card cannot be saved for renewals', now);
    const email = (await r.subscriptions.ownerEmail(payment.userId)) ?? '';

    if (payment.purpose === 'trial_authorization') {
      if (live) return refuse(r, payment, tx, 'a plan is already active', now);
      if (await r.subscriptions.hasHadTrial(payment.userId))
        return refuse(r, payment, tx, 'the free trial was already used', now);
      if (!(await r.payments.markSucceeded(payment.id, providerDetails(tx, now), now)))
        return settledAlready(r, payment);
      const trialEnd = addDays(now, planRules.trialDays);
      const subscription = await r.subscriptions.create({
        ...subscriptionFields(payment, tx, email),
        userId: payment.userId,
        status: 'trialing',
        currentPeriodStart: now,
        currentPeriodEnd: trialEnd,
        trialEnd,
        createdAt: now,
      });
      await r.payments.attachSubscription(payment.id, subscription.id);
      await r.ledger.post(cardCheckPosting(payment, now));
      return { ...done('trial started'), refundPaymentId: payment.id };
    }

    // subscription_start: the first period is paid now. A past_due plan is replaced by it.
    if (live && live.status !== 'past_due') return refuse(r, payment, tx, 'a plan is already active', now);
    if (!(await r.payments.markSucceeded(payment.id, providerDetails(tx, now), now)))
      return settledAlready(r, payment);
    if (live)
      await r.subscriptions.update(live.id, {
        status: 'expired',
        endedAt: now,
        nextRetryAt: null,
        updatedAt: now,
      });
    const subscription = await r.subscriptions.create({
      ...subscriptionFields(payment, tx, email),
      userId: payment.userId,
      status: 'active',
      currentPeriodStart: now,
      currentPeriodEnd: addDays(now, periodDays(payment.billingPeriod)),
      createdAt: now,
    });
    await r.payments.attachSubscription(payment.id, subscription.id);
    await r.ledger.post(planChargePosting(payment, now));
    const replaced =
      live && live.authorizationCode !== subscription.authorizationCode ? live.authorizationCode : null;
    return { ...done('plan started'), releaseAuthorization: replaced };
  }

  /** The paid renewal starts where the last period ended, on the plan it was charged for. */
  async function renew(
    r: PaymentRepositories,
    subscription: SubscriptionRecord,
    period: BillingPeriod,
    payment: PaymentRecord,
    now: Date,
  ): Promise<void> {
    const start = subscription.currentPeriodEnd;
    const pendingApplied =
      subscription.pendingPlanId === payment.planId &&
      subscription.pendingBillingPeriod === payment.billingPeriod;
    await r.subscriptions.update(subscription.id, {
      status: 'active',
      planId: payment.planId,
      billingPeriod: period,
      currentPeriodStart: start,
      currentPeriodEnd: addDays(start, periodDays(period)),
      renewalAttempts: 0,
      nextRetryAt: null,
      ...(pendingApplied ? { pendingPlanId: null, pendingBillingPeriod: null } : {}),
      updatedAt: now,
    });
  }

  async function decide(
    r: PaymentRepositories,
    payment: PaymentRecord,
    tx: ProviderTransaction,
  ): Promise<Decision> {
    const now = clock.now();
    const current = await r.payments.findById(payment.id);
    if (current?.status !== 'pending') return settledAlready(r, payment);
    if (tx.status === 'success') return activate(r, current, tx, now);
    if (tx.status === 'failed' || tx.status === 'reversed') {
      if (!(await r.payments.markFailed(current.id, tx.message || tx.status, now)))
        return settledAlready(r, payment);
      const release = current.purpose === 'renewal' ? await renewalFailed(r, current, now) : null;
      return {
        outcome: 'failed',
        note: `failed: ${tx.message}`,
        refundPaymentId: null,
        releaseAuthorization: release,
      };
    }
    const outcome = tx.status === 'abandoned' ? 'abandoned' : 'pending';
    return { outcome, note: `still ${outcome}`, refundPaymentId: null, releaseAuthorization: null };
  }

  /**
   * Applies what the provider said about a payment. With `event` (a webhook), the event's unique key
   * is taken in the same transaction: a redelivery is a `duplicate` and does nothing.
   */
  async function settle(
    payment: PaymentRecord,
    tx: ProviderTransaction,
    event?: NewPaymentEvent,
  ): Promise<Settlement> {
    if (tx.reference !== payment.reference) throw new Error('settle: reference mismatch');
    const decision = await store.withTransaction(async (r): Promise<Decision> => {
      const recorded = event ? await r.events.record(event) : null;
      if (event && !recorded) {
        return { outcome: 'duplicate', note: 'duplicate', refundPaymentId: null, releaseAuthorization: null };
      }
      await r.subscriptions.lockOwner(payment.userId);
      const result = await decide(r, payment, tx);
      if (recorded) await r.events.setOutcome(recorded.id, result.note, clock.now());
      return result;
    });
    if (decision.refundPaymentId) await deps.refund(decision.refundPaymentId);
    if (decision.releaseAuthorization) await deps.releaseAuthorization(decision.releaseAuthorization);
    return { outcome: decision.outcome, note: decision.note };
  }

  return {
    settle,

    /** Stores a webhook event that changes nothing here (unknown payment, other event types). */
    async recordOnly(event: NewPaymentEvent, note: string): Promise<'stored' | 'duplicate'> {
      return store.withTransaction(async (r) => {
        const recorded = await r.events.record(event);
        if (!recorded) return 'duplicate';
        await r.events.setOutcome(recorded.id, note, clock.now());
        return 'stored';
      });
    },

    /** A charge the provider never took (it does not know the reference, or refused the call). */
    failWithoutProvider(payment: PaymentRecord, reason: string): Promise<Settlement> {
      return settle(payment, {
        reference: payment.reference,
        status: 'failed',
        amount: payment.amount,
        currency: payment.currency,
        paidAt: null,
        providerTransactionId: '',
        authorization: null,
        customerCode: null,
        message: reason,
      });
    },
  };
}

export type SettlementService = ReturnType<typeof createSettlementService>;
