import { planDefinition, planPrice, subscriptionPlans } from '../../../common/plans.ts';
import {
  type CurrentSubscription,
  type CurrentSubscriptionResponse,
  type PaymentOutcome,
  subscriptionMessages,
  type VerifyPaymentResponse,
} from '../../../common/schemas/subscriptions.ts';
import type { SubscriptionRecord } from '../../repositories/billing/agent-plans/agent-plans.repository.ts';
import type { CheckoutStarted } from '../../services/billing/agent-plans/checkout.service.ts';
import type { CurrentPlan } from '../../services/billing/agent-plans/subscriptions.service.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** A plan row as the owner sees it: no authorization codes, no provider internals. */
export function presentSubscription(subscription: SubscriptionRecord): CurrentSubscription {
  const next =
    subscription.pendingPlanId && subscription.pendingBillingPeriod
      ? { planId: subscription.pendingPlanId, billingPeriod: subscription.pendingBillingPeriod }
      : null;
  const charged = next ?? subscription;
  return {
    id: subscription.id,
    planId: subscription.planId,
    planName: planDefinition(subscription.planId).name,
    billingPeriod: subscription.billingPeriod,
    status: subscription.status,
    currentPeriodStart: subscription.currentPeriodStart.toISOString(),
    currentPeriodEnd: subscription.currentPeriodEnd.toISOString(),
    trialEnd: iso(subscription.trialEnd),
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    canceledAt: iso(subscription.canceledAt),
    endedAt: iso(subscription.endedAt),
    amount: planPrice(charged.planId, charged.billingPeriod),
    nextRetryAt: iso(subscription.nextRetryAt),
    nextPlan: next
      ? {
          planId: next.planId,
          planName: planDefinition(next.planId).name,
          billingPeriod: next.billingPeriod,
          amount: planPrice(next.planId, next.billingPeriod),
        }
      : null,
    card:
      subscription.cardBrand && subscription.cardLast4
        ? { brand: subscription.cardBrand, last4: subscription.cardLast4 }
        : null,
  };
}

export function presentCurrentPlan(plan: CurrentPlan): CurrentSubscriptionResponse {
  return {
    subscription: plan.subscription ? presentSubscription(plan.subscription) : null,
    trialEligible: plan.trialEligible,
  };
}

const outcomeMessages: Record<PaymentOutcome, string> = {
  succeeded: subscriptionMessages.verified,
  failed: subscriptionMessages.failed,
  abandoned: subscriptionMessages.abandoned,
  pending: subscriptionMessages.pending,
  refused: subscriptionMessages.refused,
};

export function presentVerification(result: {
  status: PaymentOutcome;
  subscription: SubscriptionRecord | null;
}): VerifyPaymentResponse {
  return {
    status: result.status,
    message: outcomeMessages[result.status],
    subscription: result.subscription ? presentSubscription(result.subscription) : null,
  };
}

export function presentCheckout(started: CheckoutStarted) {
  return {
    authorization_url: started.authorizationUrl,
    reference: started.reference,
    trial: started.trial,
    amount: started.amount,
  };
}

export function presentPlans() {
  return { items: subscriptionPlans.map((plan) => ({ ...plan, features: [...plan.features] })) };
}
