import { useState } from 'react';
import { type BillingPeriod, type PlanId, planDefinition } from '#common/plans.ts';
import type { CurrentSubscription } from '#common/schemas/subscriptions.ts';
import { ApiError } from '../../lib/api-client.ts';
import { openAuthModal } from '../../lib/auth-modal.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { useChangePlan } from './api/change-plan.ts';
import { useInitializePayment } from './api/initialize-payment.ts';
import { formatDate } from './format.ts';
import { pricingToasts } from './messages.ts';

export const isLive = (
  subscription: CurrentSubscription | null | undefined,
): subscription is CurrentSubscription =>
  subscription?.status === 'trialing' ||
  subscription?.status === 'active' ||
  subscription?.status === 'past_due';

/** Tells the user what a plan change did: at once in the trial, otherwise at the next renewal. */
export function describeChange(subscription: CurrentSubscription | null): string {
  if (!subscription) return 'Your plan was updated';
  if (subscription.nextPlan) {
    return `Your plan changes to ${subscription.nextPlan.planName} (${subscription.nextPlan.billingPeriod}) on ${formatDate(subscription.currentPeriodEnd)}`;
  }
  return `You are on the ${subscription.planName} plan (${subscription.billingPeriod})`;
}

/**
 * Choosing a plan (spec section 4): signed out, a toast and the sign-in dialog; with a live plan, a
 * plan change; otherwise a checkout, and the browser goes to the provider's page.
 */
export function useChoosePlan(current: CurrentSubscription | null | undefined) {
  const session = useSession();
  const initialize = useInitializePayment();
  const change = useChangePlan(session?.user.id);
  const [pending, setPending] = useState<{ planId: PlanId; period: BillingPeriod } | null>(null);

  async function choose(planId: PlanId, period: BillingPeriod): Promise<void> {
    if (!session) {
      toast.error(pricingToasts.signInFirst);
      openAuthModal('signin');
      return;
    }
    setPending({ planId, period });
    try {
      if (isLive(current) && current.status !== 'past_due') {
        const result = await change.mutateAsync({ planId, billingPeriod: period });
        toast.success(describeChange(result.subscription));
        // The page stays: the buttons are free again (a checkout keeps them busy until it leaves).
        setPending(null);
        return;
      }
      const checkout = await initialize.mutateAsync({ planId, billingPeriod: period });
      window.location.assign(checkout.authorization_url);
    } catch (error) {
      const specific = error instanceof ApiError && (error.status === 403 || error.status === 409);
      const fallback = isLive(current) ? pricingToasts.changeFailed : pricingToasts.initializeFailed;
      toast.error(specific ? error.message : fallback);
      setPending(null);
    }
  }

  return {
    choose,
    /** The plan whose button is waiting (a checkout being created keeps it busy until the page leaves). */
    pending,
    planName: (planId: PlanId) => planDefinition(planId).name,
  };
}
