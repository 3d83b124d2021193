import { randomBytes } from 'node:crypto';
import {
  type BillingPeriod,
  type Money,
  type PlanId,
  planDefinition,
  planPrice,
  planRules,
} from '../../../../common/plans.ts';
import { type PaymentOutcome, subscriptionMessages } from '../../../../common/schemas/subscriptions.ts';
import { type PaymentProvider, PaymentProviderError } from '../../../adapters/payments/provider.ts';
import { AppError, conflict, notFound } from '../../../errors.ts';
import type { Clock } from '../../../lib/clock.ts';
import { actorOf, assertCan } from '../../../policies/access.ts';
import type { UserRecord } from '../../../repositories/auth/users.repository.ts';
import type { SubscriptionRecord } from '../../../repositories/billing/agent-plans/agent-plans.repository.ts';
import type { AgentPlansStore } from '../../../repositories/billing/agent-plans/agent-plans-store.ts';
import type { PaymentsLog } from '../core/renewals.ts';
import { type AgentPlanSettlement, outcomeOf } from './settlement.service.ts';

export interface CheckoutStarted {
  authorizationUrl: string;
  reference: string;
  trial: boolean;
  amount: Money;
}

export interface PaymentVerification {
  status: PaymentOutcome;
  subscription: SubscriptionRecord | null;
}

const newReference = () => `fp-${randomBytes(12).toString('hex')}`;

/** Starting a checkout for a plan, and verifying it with the provider when the buyer comes back. */
export function createCheckoutService(deps: {
  store: AgentPlansStore;
  provider: PaymentProvider;
  settlement: AgentPlanSettlement;
  clock: Clock;
  callbackUrl: string;
  log: PaymentsLog;
}) {
  const { store, provider, clock } = deps;

  return {
    /**
     * A first-time subscriber starts the free trial: the checkout is a refunded card check, and the
     * plan is charged at the trial's end. Anyone who had a trial pays the first period now.
     */
    async initialize(
      user: UserRecord,
      planId: PlanId,
      billingPeriod: BillingPeriod,
    ): Promise<CheckoutStarted> {
      // The receipt and the renewal notices go to the email: it must be verified.
      assertCan(actorOf(user), 'account:act', {});
      const live = await store.subscriptions.findLive(user.id);
      if (live && live.status !== 'past_due') throw conflict(subscriptionMessages.alreadySubscribed);
      const trial = live === null && !(await store.subscriptions.hasHadTrial(user.id));
      const amount: Money = trial
        ? { amount: planRules.cardCheckAmount, currency: planRules.currency }
        : planPrice(planId, billingPeriod);
      const plan = planDefinition(planId);
      const now = clock.now();
      const payment = await store.payments.create({
        userId: user.id,
        provider: provider.name,
        reference: newReference(),
        purpose: trial ? 'trial_authorization' : 'subscription_start',
        planId,
        billingPeriod,
        amount: amount.amount,
        currency: amount.currency,
        createdAt: now,
      });
      const description = trial
        ? `${plan.name} plan (${billingPeriod}): card check for your ${planRules.trialDays}-day free trial, refunded at once`
        : `${plan.name} plan (${billingPeriod})`;
      try {
        const started = await provider.initialize({
          reference: payment.reference,
          email: user.email,
          amount,
          callbackUrl: deps.callbackUrl,
          description,
          metadata: { paymentId: payment.id, planId, billingPeriod, purpose: payment.purpose },
        });
        return { authorizationUrl: started.authorizationUrl, reference: payment.reference, trial, amount };
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        deps.log.warn({ err: error, reference: payment.reference }, 'checkout could not be started');
        await store.payments.markFailed(payment.id, `initialize: ${error.message}`, clock.now());
        throw new AppError('NOT_READY', 'The payment provider could not be reached. Please try again.');
      }
    },

    /** Asks the provider (a return to the callback URL proves nothing) and settles what it says. */
    async verify(user: UserRecord, reference: string): Promise<PaymentVerification> {
      const payment = await store.payments.findByReference(provider.name, reference);
      assertCan(actorOf(user), 'plan-payment:verify', { userId: payment?.userId ?? null });
      if (!payment) throw notFound(subscriptionMessages.paymentNotFound);
      let status: PaymentOutcome = outcomeOf(payment);
      if (payment.status === 'pending') {
        const tx = await provider.verify(reference).catch((error: unknown) => {
          deps.log.warn({ err: error, reference }, 'verify could not reach the provider');
          return null;
        });
        if (tx) {
          const settled = await deps.settlement.settle(payment, tx);
          status = settled.outcome === 'duplicate' ? 'pending' : settled.outcome;
        }
      }
      return { status, subscription: await store.subscriptions.findLatest(user.id) };
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
