import type { CheckoutOutcome } from '../../../common/schemas/monetization.ts';
import type { ProviderTransaction } from '../../adapters/payments/provider.ts';
import type { Clock } from '../../lib/clock.ts';
import { hasAccess } from '../../policies/monetization.ts';
import type { CreatorsRepository } from '../../repositories/creators.repository.ts';
import type { FanPaymentRecord, FanProviderDetails } from '../../repositories/fan-payments.repository.ts';
import type { MonetizationRepositories, MonetizationStore } from '../../repositories/monetization-store.ts';
import type { NewPaymentEvent } from '../../repositories/payment-events.repository.ts';
import { chargebackPosting, creatorChargePosting, refusedFanPaymentPosting } from './ledger-postings.ts';
import type { MonetizationNotifier, PaidEvent } from './notifier.ts';
import { addDays, planDays, splitCharge } from './pricing.ts';

/** Failed renewals are tried again this many days after the period ended, then the subscription expires. */
export const renewalRetryDays = [1, 3] as const;

export interface FanSettlement {
  outcome: CheckoutOutcome | 'duplicate';
  /** What happened, in words (stored as the webhook event's outcome). */
  note: string;
}

interface Decision extends FanSettlement {
  refund: string | null;
  paid: PaidEvent | null;
}

const OPEN: readonly FanPaymentRecord['status'][] = ['pending', 'abandoned'];

export function outcomeOfFanPayment(payment: Pick<FanPaymentRecord, 'status'>): CheckoutOutcome {
  return payment.status === 'refused'
    ? 'refused'
    : payment.status === 'succeeded'
      ? 'succeeded'
      : payment.status === 'failed'
        ? 'failed'
        : payment.status === 'abandoned'
          ? 'abandoned'
          : 'pending';
}

/**
 * Gives value for a fan payment exactly once, whoever reports it first (the return verify, a
 * webhook, the job) and however often. In one transaction, under the fan's row lock: the webhook
 * event's unique key, the payment's conditional move out of pending, the subscription period or
 * the purchase, and the ledger rows. Refunds and notifications run after the commit.
 */
export function createFanSettlementService(deps: {
  store: MonetizationStore;
  clock: Clock;
  feePercent: number;
  creators: Pick<CreatorsRepository, 'findById'>;
  notifier: MonetizationNotifier;
  refund(paymentId: string): Promise<void>;
}) {
  const { store, clock } = deps;

  function providerDetails(tx: ProviderTransaction, now: Date): FanProviderDetails {
    return {
      providerTransactionId: tx.providerTransactionId || null,
      authorizationCode: tx.authorization?.code ?? null,
      customerCode: tx.customerCode,
      cardBrand: tx.authorization?.brand ?? null,
      cardLast4: tx.authorization?.last4 ?? null,
      // Our own clock: the earnings hold counts from when we recorded the payment.
      paidAt: now,
    };
  }

  const nothing = (outcome: CheckoutOutcome, note: string): Decision => ({
    outcome,
    note,
    refund: null,
    paid: null,
  });

  async function settledAlready(r: MonetizationRepositories, payment: FanPaymentRecord): Promise<Decision> {
    const current = await r.payments.findById(payment.id);
    const outcome = current ? outcomeOfFanPayment(current) : 'failed';
    return nothing(outcome, `already ${outcome}`);
  }

  async function refuse(
    r: MonetizationRepositories,
    payment: FanPaymentRecord,
    tx: ProviderTransaction,
    reason: string,
    now: Date,
  ): Promise<Decision> {
    const refused = await r.payments.markRefused(
      payment.id,
      reason,
      providerDetails(tx, now),
      tx.amount,
      now,
    );
    if (!refused) return settledAlready(r, payment);
    await r.ledger.post(
      refusedFanPaymentPosting(refused, { amount: tx.amount, currency: tx.currency }, reason, now),
    );
    return { outcome: 'refused', note: `refused: ${reason}`, refund: payment.id, paid: null };
  }

  type Creator = Awaited<ReturnType<CreatorsRepository['findById']>>;

  async function succeed(
    r: MonetizationRepositories,
    payment: FanPaymentRecord,
    tx: ProviderTransaction,
    now: Date,
    extra: { periodStart: Date | null; periodEnd: Date | null; subscriptionId: string | null },
  ): Promise<FanPaymentRecord | null> {
    const { fee } = splitCharge(payment.amount, deps.feePercent);
    const paid = await r.payments.markSucceeded(
      payment.id,
      { ...providerDetails(tx, now), feeAmount: fee, ...extra },
      now,
    );
    if (paid) await r.ledger.post(creatorChargePosting(paid, fee, now));
    return paid;
  }

  async function activate(
    r: MonetizationRepositories,
    payment: FanPaymentRecord,
    tx: ProviderTransaction,
    creator: Creator,
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
    if (!creator) return refuse(r, payment, tx, 'the creator page no longer exists', now);
    const who = { userId: creator.userId, handle: creator.handle, displayName: creator.displayName };

    if (payment.purpose === 'post_unlock') {
      if (!payment.postId) return refuse(r, payment, tx, 'the post no longer exists', now);
      if (await r.purchases.owns(payment.fanId, payment.postId))
        return refuse(r, payment, tx, 'the post was already unlocked', now);
      const paid = await succeed(r, payment, tx, now, {
        periodStart: null,
        periodEnd: null,
        subscriptionId: null,
      });
      if (!paid) return settledAlready(r, payment);
      await r.purchases.grant(payment.fanId, payment.postId, payment.id, now);
      return {
        outcome: 'succeeded',
        note: 'post unlocked',
        refund: null,
        paid: { payment: paid, creator: who, newSubscriber: false, periodEnd: null },
      };
    }

    if (payment.purpose === 'subscription_renewal') {
      const sub = payment.subscriptionId ? await r.subscriptions.lock(payment.subscriptionId) : null;
      const periodStart = payment.periodStart;
      const periodEnd = payment.periodEnd;
      if (
        !sub ||
        !periodStart ||
        !periodEnd ||
        !['active', 'past_due'].includes(sub.status) ||
        sub.currentPeriodEnd.getTime() !== periodStart.getTime()
      ) {
        return refuse(r, payment, tx, 'the subscription ended before this renewal was paid', now);
      }
      const paid = await succeed(r, payment, tx, now, { periodStart, periodEnd, subscriptionId: sub.id });
      if (!paid) return settledAlready(r, payment);
      await r.subscriptions.update(sub.id, {
        status: 'active',
        currentPeriodStart: periodStart,
        currentPeriodEnd: periodEnd,
        renewalAttempts: 0,
        nextRetryAt: null,
        updatedAt: now,
      });
      return {
        outcome: 'succeeded',
        note: 'renewed',
        refund: null,
        paid: { payment: paid, creator: who, newSubscriber: false, periodEnd },
      };
    }

    // subscription_start: a new run of periods, or one more period after a cancelled one that is still paid up.
    const plan = payment.plan ?? 'monthly';
    const sub = await r.subscriptions.lockPair(payment.fanId, creator.id, now);
    if (sub.status === 'active' && sub.currentPeriodEnd > now)
      return refuse(r, payment, tx, 'the fan is already subscribed', now);
    const continuing = hasAccess(sub, now);
    const periodStart = continuing ? sub.currentPeriodEnd : now;
    const periodEnd = addDays(periodStart, planDays[plan]);
    const paid = await succeed(r, payment, tx, now, { periodStart, periodEnd, subscriptionId: sub.id });
    if (!paid) return settledAlready(r, payment);
    const reusable = tx.authorization?.reusable === true && tx.authorization.code !== '';
    await r.subscriptions.update(sub.id, {
      status: 'active',
      plan,
      amount: payment.amount,
      currency: payment.currency,
      ...(continuing ? {} : { startedAt: now, currentPeriodStart: periodStart }),
      currentPeriodEnd: periodEnd,
      canceledAt: null,
      endedAt: null,
      provider: payment.provider,
      authorizationCode: reusable ? (tx.authorization?.code ?? null) : null,
      renewalAttempts: 0,
      nextRetryAt: null,
      updatedAt: now,
    });
    return {
      outcome: 'succeeded',
      note: continuing ? 'subscription extended' : 'subscription started',
      refund: null,
      paid: { payment: paid, creator: who, newSubscriber: !continuing, periodEnd },
    };
  }

  /** After a failed renewal: past_due with the next try scheduled, or expired when the tries ran out. */
  async function renewalFailed(r: MonetizationRepositories, payment: FanPaymentRecord, now: Date) {
    if (!payment.subscriptionId || !payment.periodStart) return;
    const sub = await r.subscriptions.lock(payment.subscriptionId);
    if (!sub || !['active', 'past_due'].includes(sub.status)) return;
    if (sub.currentPeriodEnd.getTime() !== payment.periodStart.getTime()) return;
    const attempts = sub.renewalAttempts + 1;
    const retryIn = renewalRetryDays[attempts - 1];
    await r.subscriptions.update(
      sub.id,
      retryIn === undefined
        ? { status: 'expired', endedAt: now, renewalAttempts: attempts, nextRetryAt: null, updatedAt: now }
        : {
            status: 'past_due',
            renewalAttempts: attempts,
            nextRetryAt: addDays(sub.currentPeriodEnd, retryIn),
            updatedAt: now,
          },
    );
  }

  async function decide(
    r: MonetizationRepositories,
    payment: FanPaymentRecord,
    tx: ProviderTransaction,
    creator: Creator,
  ): Promise<Decision> {
    const now = clock.now();
    const current = await r.payments.findById(payment.id);
    if (!current || !OPEN.includes(current.status)) return settledAlready(r, payment);
    if (tx.status === 'success') return activate(r, current, tx, creator, now);
    if (tx.status === 'failed' || tx.status === 'reversed') {
      if (!(await r.payments.markFailed(current.id, tx.message || tx.status, now)))
        return settledAlready(r, payment);
      if (current.purpose === 'subscription_renewal') await renewalFailed(r, current, now);
      return nothing('failed', `failed: ${tx.message}`);
    }
    if (tx.status === 'abandoned') {
      await r.payments.markAbandoned(current.id, tx.message || 'abandoned', now);
      return nothing('abandoned', 'abandoned');
    }
    return nothing(outcomeOfFanPayment(current), `still ${current.status}`);
  }

  async function afterCommit(decision: Decision): Promise<FanSettlement> {
    if (decision.refund) await deps.refund(decision.refund);
    if (decision.paid) await deps.notifier.paid(decision.paid);
    return { outcome: decision.outcome, note: decision.note };
  }

  /**
   * Applies what the provider said about a payment. With `event` (a webhook), the event's unique key
   * is taken in the same transaction: a redelivery is a `duplicate` and does nothing.
   */
  async function settle(
    payment: FanPaymentRecord,
    tx: ProviderTransaction,
    event?: NewPaymentEvent,
  ): Promise<FanSettlement> {
    if (tx.reference !== payment.reference) throw new Error('settle: reference mismatch');
    // Read before the transaction: the embedded database has one connection, held by the transaction.
    const creator = payment.creatorId ? await deps.creators.findById(payment.creatorId) : null;
    const decision = await store.withTransaction(async (r): Promise<Decision> => {
      const recorded = event ? await r.events.record(event) : null;
      if (event && !recorded) return { outcome: 'duplicate', note: 'duplicate', refund: null, paid: null };
      await r.purchases.lockUser(payment.fanId);
      const result = await decide(r, payment, tx, creator);
      if (recorded) await r.events.setOutcome(recorded.id, result.note, clock.now());
      return result;
    });
    return afterCommit(decision);
  }

  return {
    settle,

    /** A charge the provider never took (it does not know the reference, or refused the call). */
    failWithoutProvider(payment: FanPaymentRecord, reason: string): Promise<FanSettlement> {
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

    /**
     * The provider took a payment back (a dispute): what is left of its ledger split is reversed
     * and what it bought ends now. Once per payment, and once per webhook event.
     */
    async chargeback(payment: FanPaymentRecord, event?: NewPaymentEvent): Promise<FanSettlement> {
      return store.withTransaction(async (r): Promise<FanSettlement> => {
        const recorded = event ? await r.events.record(event) : null;
        if (event && !recorded) return { outcome: 'duplicate', note: 'duplicate' };
        await r.purchases.lockUser(payment.fanId);
        const now = clock.now();
        const done = await r.payments.markChargedBack(payment.id, now);
        let note = 'not a settled payment';
        if (done) {
          const posting = chargebackPosting(done, await r.ledger.netOf(done.id), now);
          if (posting) await r.ledger.post(posting);
          if (done.purpose === 'post_unlock') await r.purchases.revokeByPayment(done.id);
          else if (done.subscriptionId) {
            const sub = await r.subscriptions.lock(done.subscriptionId);
            if (sub && hasAccess(sub, now))
              await r.subscriptions.update(sub.id, {
                status: 'expired',
                endedAt: now,
                currentPeriodEnd: now,
                nextRetryAt: null,
                updatedAt: now,
              });
          }
          note = 'charged back';
        }
        if (recorded) await r.events.setOutcome(recorded.id, note, now);
        return { outcome: done ? 'refused' : 'failed', note };
      });
    },

    /** Stores a webhook event about one of our payments that changes nothing. */
    async recordOnly(event: NewPaymentEvent, note: string): Promise<'stored' | 'duplicate'> {
      return store.withTransaction(async (r) => {
        const recorded = await r.events.record(event);
        if (!recorded) return 'duplicate';
        await r.events.setOutcome(recorded.id, note, clock.now());
        return 'stored';
      });
    },
  };
}

export type FanSettlementService = ReturnType<typeof createFanSettlementService>;
