import { type BillingPeriod, periodDays, planRules } from '../../../../common/plans.ts';
import type { PaymentOutcome } from '../../../../common/schemas/subscriptions.ts';
import type { ProviderTransaction } from '../../../adapters/payments/provider.ts';
import { addDays, type Clock } from '../../../lib/clock.ts';
import type {
  PaymentRecord,
  ProviderDetails,
} from '../../../repositories/billing/agent-plans/agent-plan-payments.repository.ts';
import type { SubscriptionRecord } from '../../../repositories/billing/agent-plans/agent-plans.repository.ts';
import type {
  AgentPlanRepositories,
  AgentPlansStore,
} from '../../../repositories/billing/agent-plans/agent-plans-store.ts';
import { refusedPosting } from '../core/ledger.ts';
import {
  type Decision as CoreDecision,
  type Settlement as CoreSettlement,
  createSettlementCore,
  providerDetails,
} from '../core/settlement.ts';
import { cardCheckPosting, planChargePosting } from './ledger-postings.ts';

export type Settlement = CoreSettlement<PaymentOutcome>;

/** After the commit: a card authorization no live plan uses any more. */
interface Effects {
  releaseAuthorization: string | null;
}

type Decision = CoreDecision<PaymentOutcome, Effects>;

/** Where a payment already settled stands, for a verify or a webhook that comes second. */
export function outcomeOf(payment: Pick<PaymentRecord, 'status'>): PaymentOutcome {
  return payment.status;
}

const LIVE: readonly string[] = ['trialing', 'active', 'past_due'];

export interface SettlementDependencies {
  store: AgentPlansStore;
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
export function createAgentPlanSettlement(deps: SettlementDependencies) {
  const { store, clock } = deps;

  /** The provider's payment time (the plan's period counts from the charge). */
  const details = (tx: ProviderTransaction, now: Date): ProviderDetails =>
    providerDetails(tx, tx.paidAt ?? now);

  async function refuse(
    r: AgentPlanRepositories,
    payment: PaymentRecord,
    tx: ProviderTransaction,
    reason: string,
    now: Date,
  ): Promise<boolean> {
    const refused = await r.payments.markRefused(payment.id, reason, details(tx, now), now);
    if (!refused) return false;
    const buyer = { reference: refused.reference, buyerId: refused.userId };
    await r.ledger.post(refusedPosting({ paymentId: refused.id }, buyer, tx, reason, now));
    return true;
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
    r: AgentPlanRepositories,
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
    r: AgentPlanRepositories,
    payment: PaymentRecord,
    tx: ProviderTransaction,
    now: Date,
    refuse: (reason: string) => Promise<Decision>,
  ): Promise<Decision | null> {
    const reusable = tx.authorization?.reusable === true && tx.authorization.code !== '';
    const live = await r.subscriptions.findLive(payment.userId);
    const done = (note: string): Decision => ({
      outcome: 'succeeded',
      note,
      refundPaymentId: null,
      effects: null,
    });

    if (payment.purpose === 'renewal') {
      const subscription = payment.subscriptionId
        ? await r.subscriptions.findById(payment.subscriptionId)
        : null;
      if (!subscription || !LIVE.includes(subscription.status)) {
        return refuse('the plan ended before this renewal was paid');
      }
      if (!(await r.payments.markSucceeded(payment.id, details(tx, now), now))) return null;
      await renew(r, subscription, payment.billingPeriod, payment, now);
      await r.ledger.post(planChargePosting(payment, now));
      return done('renewed');
    }

    if (!reusable) return refuse('the card cannot be saved for renewals');
    const email = (await r.subscriptions.ownerEmail(payment.userId)) ?? '';

    if (payment.purpose === 'trial_authorization') {
      if (live) return refuse('a plan is already active');
      if (await r.subscriptions.hasHadTrial(payment.userId)) return refuse('the free trial was already used');
      if (!(await r.payments.markSucceeded(payment.id, details(tx, now), now))) return null;
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
    if (live && live.status !== 'past_due') return refuse('a plan is already active');
    if (!(await r.payments.markSucceeded(payment.id, details(tx, now), now))) return null;
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
    return { ...done('plan started'), effects: { releaseAuthorization: replaced } };
  }

  /** The paid renewal starts where the last period ended, on the plan it was charged for. */
  async function renew(
    r: AgentPlanRepositories,
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

  const core = createSettlementCore<PaymentRecord, AgentPlanRepositories, PaymentOutcome, Effects, null>(
    {
      withTransaction: (work) => store.withTransaction(work),
      prepare: async () => null,
      lock: (r, payment) => r.subscriptions.lockOwner(payment.userId),
      find: (r, id) => r.payments.findById(id),
      isOpen: (payment) => payment.status === 'pending',
      outcomeOf,
      refused: 'refused',
      refuse,
      succeed: (r, payment, tx, _context, now, refuseWith) => activate(r, payment, tx, now, refuseWith),
      async fail(r, payment, tx, now) {
        if (!(await r.payments.markFailed(payment.id, tx.message || tx.status, now))) return null;
        const release = payment.purpose === 'renewal' ? await renewalFailed(r, payment, now) : null;
        return {
          outcome: 'failed',
          note: `failed: ${tx.message}`,
          refundPaymentId: null,
          effects: release ? { releaseAuthorization: release } : null,
        };
      },
      abandon: async () => ({
        outcome: 'abandoned',
        note: 'still abandoned',
        refundPaymentId: null,
        effects: null,
      }),
      refund: (paymentId) => deps.refund(paymentId),
      async afterCommit(effects) {
        if (effects.releaseAuthorization) await deps.releaseAuthorization(effects.releaseAuthorization);
      },
    },
    clock,
  );

  return {
    settle: core.settle,
    recordOnly: core.recordOnly,
    failWithoutProvider: core.failWithoutProvider,
  };
}

export type AgentPlanSettlement = ReturnType<typeof createAgentPlanSettlement>;
