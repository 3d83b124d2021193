import type { CheckoutOutcome } from '../../../../common/schemas/fan-payments.ts';
import type { ProviderTransaction } from '../../../adapters/payments/provider.ts';
import { addDays, type Clock } from '../../../lib/clock.ts';
import { hasAccess } from '../../../policies/actions/payments.ts';
import type { NewPaymentEvent } from '../../../repositories/billing/core/payment-events.repository.ts';
import type {
  FanPaymentRecord,
  FanProviderDetails,
} from '../../../repositories/billing/fan-payments/fan-payments.repository.ts';
import type {
  FanPaymentRepositories,
  FanPaymentsStore,
} from '../../../repositories/billing/fan-payments/fan-payments-store.ts';
import type { CreatorsRepository } from '../../../repositories/creators/creators.repository.ts';
import { refusedPosting } from '../core/ledger.ts';
import {
  type Decision as CoreDecision,
  createSettlementCore,
  providerDetails,
  type Settlement,
} from '../core/settlement.ts';
import { chargebackPosting, creatorChargePosting } from './ledger-postings.ts';
import type { FanPaymentNotifier, PaidEvent, RenewalFailedEvent } from './notifier.ts';
import { planDays, planPriceCents, splitCharge } from './pricing.ts';
import type { TipSettlement } from './tips-settlement.ts';

/** Failed renewals are tried again this many days after the period ended, then the subscription expires. */
export const renewalRetryDays = [1, 3] as const;

export type FanSettlement = Settlement<CheckoutOutcome>;

/** What happens after the commit: a paid payment's effects, or a fan told their renewal failed. */
type FailedRenewal = Omit<RenewalFailedEvent, 'creator'> & { creatorId: string };
type Effects = PaidEvent | { renewalFailed: FailedRenewal };
type Decision = CoreDecision<CheckoutOutcome, Effects>;

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
export function createFanPaymentSettlement(deps: {
  store: FanPaymentsStore;
  clock: Clock;
  feePercent: number;
  creators: Pick<CreatorsRepository, 'findById'>;
  notifier: FanPaymentNotifier;
  /** A tip's decision and effects (tips-settlement.ts). */
  tips: TipSettlement;
  refund(paymentId: string): Promise<void>;
}) {
  const { store, clock } = deps;

  // Our own clock: the earnings hold counts from when we recorded the payment.
  const details = (tx: ProviderTransaction, now: Date): FanProviderDetails => providerDetails(tx, now);

  async function refuse(
    r: FanPaymentRepositories,
    payment: FanPaymentRecord,
    tx: ProviderTransaction,
    reason: string,
    now: Date,
  ): Promise<boolean> {
    const refused = await r.payments.markRefused(payment.id, reason, details(tx, now), tx.amount, now);
    if (!refused) return false;
    const buyer = { reference: refused.reference, buyerId: refused.fanId };
    await r.ledger.post(refusedPosting({ fanPaymentId: refused.id }, buyer, tx, reason, now));
    return true;
  }

  type Creator = Awaited<ReturnType<CreatorsRepository['findById']>>;

  async function succeed(
    r: FanPaymentRepositories,
    payment: FanPaymentRecord,
    tx: ProviderTransaction,
    now: Date,
    extra: { periodStart: Date | null; periodEnd: Date | null; subscriptionId: string | null },
  ): Promise<FanPaymentRecord | null> {
    const { fee } = splitCharge(payment.amount, deps.feePercent);
    const paid = await r.payments.markSucceeded(
      payment.id,
      { ...details(tx, now), feeAmount: fee, ...extra },
      now,
    );
    if (paid) {
      await r.ledger.post(creatorChargePosting(paid, fee, now));
      // The card just paid with is the one the next payment offers in one tap.
      const card = tx.authorization;
      if (card?.reusable && card.code !== '')
        await r.savedCards.save(
          {
            userId: paid.fanId,
            provider: paid.provider,
            authorizationCode: card.code,
            brand: card.brand,
            last4: card.last4,
          },
          now,
        );
    }
    return paid;
  }

  async function activate(
    r: FanPaymentRepositories,
    payment: FanPaymentRecord,
    tx: ProviderTransaction,
    creator: Creator,
    now: Date,
    refuse: (reason: string) => Promise<Decision>,
  ): Promise<Decision | null> {
    if (payment.purpose === 'tip')
      return deps.tips.decide(r, payment, creator, now, refuse, () =>
        succeed(r, payment, tx, now, { periodStart: null, periodEnd: null, subscriptionId: null }),
      );
    if (!creator) return refuse('the creator page no longer exists');
    const who = { userId: creator.userId, handle: creator.handle, displayName: creator.displayName };

    if (payment.purpose === 'post_unlock') {
      if (!payment.postId) return refuse('the post no longer exists');
      if (await r.purchases.owns(payment.fanId, payment.postId))
        return refuse('the post was already unlocked');
      const paid = await succeed(r, payment, tx, now, {
        periodStart: null,
        periodEnd: null,
        subscriptionId: null,
      });
      if (!paid) return null;
      await r.purchases.grant(payment.fanId, payment.postId, payment.id, now);
      return {
        outcome: 'succeeded',
        note: 'post unlocked',
        refundPaymentId: null,
        effects: { payment: paid, creator: who, newSubscriber: false, periodEnd: null },
      };
    }

    if (payment.purpose === 'message_unlock') {
      if (!payment.messageId) return refuse('the message no longer exists');
      if (await r.purchases.ownsMessage(payment.fanId, payment.messageId))
        return refuse('the message was already unlocked');
      const paid = await succeed(r, payment, tx, now, {
        periodStart: null,
        periodEnd: null,
        subscriptionId: null,
      });
      if (!paid) return null;
      await r.purchases.grantMessage(payment.fanId, payment.messageId, payment.id, now);
      return {
        outcome: 'succeeded',
        note: 'message unlocked',
        refundPaymentId: null,
        effects: { payment: paid, creator: who, newSubscriber: false, periodEnd: null },
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
        return refuse('the subscription ended before this renewal was paid');
      }
      const paid = await succeed(r, payment, tx, now, { periodStart, periodEnd, subscriptionId: sub.id });
      if (!paid) return null;
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
        refundPaymentId: null,
        effects: { payment: paid, creator: who, newSubscriber: false, periodEnd },
      };
    }

    // subscription_start: a new run of periods, or one more period after a cancelled one that is still paid up.
    const plan = payment.plan ?? 'monthly';
    const sub = await r.subscriptions.lockPair(payment.fanId, creator.id, now);
    if (sub.status === 'active' && sub.currentPeriodEnd > now) return refuse('the fan is already subscribed');
    // A promotion: claimed once per fan, and no more than it allows (counted under the offer's lock).
    const offer = payment.offerId ? await r.offers.lock(payment.offerId) : null;
    if (offer) {
      const [claims, claimed] = await Promise.all([
        r.offers.claimCount(offer.id),
        r.offers.hasClaimed(offer.id, payment.fanId),
      ]);
      if (claimed) return refuse('the fan already claimed this promotion');
      if (offer.maxClaims !== null && claims >= offer.maxClaims)
        return refuse('the promotion was claimed as many times as it allowed');
    }
    const continuing = hasAccess(sub, now);
    const periodStart = continuing ? sub.currentPeriodEnd : now;
    const periodEnd = addDays(periodStart, planDays[plan]);
    const paid = await succeed(r, payment, tx, now, { periodStart, periodEnd, subscriptionId: sub.id });
    if (!paid) return null;
    const reusable = tx.authorization?.reusable === true && tx.authorization.code !== '';
    await r.subscriptions.update(sub.id, {
      status: 'active',
      plan,
      // Renewals charge the plan's regular price, whatever a promotion took off this first period.
      amount: offer ? (planPriceCents(creator, plan) ?? payment.amount) : payment.amount,
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
    if (offer)
      await r.offers.addClaim({
        offerId: offer.id,
        fanId: payment.fanId,
        subscriptionId: sub.id,
        paymentId: paid.id,
        periodEnd,
        now,
      });
    return {
      outcome: 'succeeded',
      note: continuing ? 'subscription extended' : 'subscription started',
      refundPaymentId: null,
      effects: { payment: paid, creator: who, newSubscriber: !continuing, periodEnd },
    };
  }

  /**
   * After a failed renewal: past_due with the next try scheduled, or expired when the tries ran
   * out; what the fan is then told (null when the subscription had already moved on).
   */
  async function renewalFailed(
    r: FanPaymentRepositories,
    payment: FanPaymentRecord,
    now: Date,
  ): Promise<FailedRenewal | null> {
    if (!payment.subscriptionId || !payment.periodStart) return null;
    const sub = await r.subscriptions.lock(payment.subscriptionId);
    if (!sub || !['active', 'past_due'].includes(sub.status)) return null;
    if (sub.currentPeriodEnd.getTime() !== payment.periodStart.getTime()) return null;
    const attempts = sub.renewalAttempts + 1;
    const retryIn = renewalRetryDays[attempts - 1];
    const nextRetryAt = retryIn === undefined ? null : addDays(sub.currentPeriodEnd, retryIn);
    await r.subscriptions.update(
      sub.id,
      retryIn === undefined
        ? { status: 'expired', endedAt: now, renewalAttempts: attempts, nextRetryAt: null, updatedAt: now }
        : {
            status: 'past_due',
            renewalAttempts: attempts,
            nextRetryAt,
            updatedAt: now,
          },
    );
    return { fanId: sub.fanId, creatorId: sub.creatorId, nextRetryAt };
  }

  /**
   * Tells the fan, after the commit: the creator is read then, never inside the transaction (the
   * embedded database has one connection, which the transaction holds).
   */
  async function tellRenewalFailed({ creatorId, ...event }: FailedRenewal) {
    const creator = await deps.creators.findById(creatorId);
    if (creator) {
      await deps.notifier.renewalFailed({
        ...event,
        creator: { handle: creator.handle, displayName: creator.displayName },
      });
    }
  }

  const core = createSettlementCore<
    FanPaymentRecord,
    FanPaymentRepositories,
    CheckoutOutcome,
    Effects,
    Creator
  >(
    {
      withTransaction: (work) => store.withTransaction(work),
      prepare: async (payment) =>
        payment.creatorId ? await deps.creators.findById(payment.creatorId) : null,
      lock: (r, payment) => r.purchases.lockUser(payment.fanId),
      find: (r, id) => r.payments.findById(id),
      isOpen: (payment) => OPEN.includes(payment.status),
      outcomeOf: outcomeOfFanPayment,
      refused: 'refused',
      refuse,
      succeed: (r, payment, tx, creator, now, refuseWith) =>
        activate(r, payment, tx, creator, now, refuseWith),
      async fail(r, payment, tx, now) {
        if (!(await r.payments.markFailed(payment.id, tx.message || tx.status, now))) return null;
        const renewal =
          payment.purpose === 'subscription_renewal' ? await renewalFailed(r, payment, now) : null;
        return {
          outcome: 'failed',
          note: `failed: ${tx.message}`,
          refundPaymentId: null,
          effects: renewal ? { renewalFailed: renewal } : null,
        };
      },
      async abandon(r, payment, tx, now) {
        await r.payments.markAbandoned(payment.id, tx.message || 'abandoned', now);
        return { outcome: 'abandoned', note: 'abandoned', refundPaymentId: null, effects: null };
      },
      refund: (paymentId) => deps.refund(paymentId),
      afterCommit: (effects) =>
        'renewalFailed' in effects
          ? tellRenewalFailed(effects.renewalFailed)
          : effects.payment.purpose === 'tip'
            ? deps.tips.paid(effects)
            : deps.notifier.paid(effects),
    },
    clock,
  );

  return {
    settle: core.settle,
    failWithoutProvider: core.failWithoutProvider,
    recordOnly: core.recordOnly,

    /**
     * The provider took a payment back (a dispute): what is left of its ledger split is reversed
     * and what it bought ends now. Once per payment, and once per webhook event.
     */
    async chargeback(payment: FanPaymentRecord, event?: NewPaymentEvent): Promise<FanSettlement> {
      const result = await core.once(event, async (r): Promise<FanSettlement> => {
        await r.purchases.lockUser(payment.fanId);
        const now = clock.now();
        const done = await r.payments.markChargedBack(payment.id, now);
        let note = 'not a settled payment';
        if (done) {
          const posting = chargebackPosting(done, await r.ledger.netOf(done.id), now);
          if (posting) await r.ledger.post(posting);
          if (done.purpose === 'post_unlock' || done.purpose === 'message_unlock')
            await r.purchases.revokeByPayment(done.id);
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
        return { outcome: done ? 'refused' : 'failed', note, open: false };
      });
      return result === 'duplicate' ? { outcome: 'duplicate', note: 'duplicate', open: false } : result;
    },
  };
}

export type FanPaymentSettlement = ReturnType<typeof createFanPaymentSettlement>;
