import { useEffect, useRef, useState } from 'react';
import { type BillingPeriod, type PlanId, subscriptionPlans } from '#common/plans.ts';
import type { CurrentSubscription, SubscriptionPlanView } from '#common/schemas/subscriptions.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { useCancelSubscription } from '../api/cancel-subscription.ts';
import { useCurrentSubscription } from '../api/get-current-subscription.ts';
import { usePlans } from '../api/get-plans.ts';
import { formatDate } from '../format.ts';
import { pricingToasts } from '../messages.ts';
import { isLive, useChoosePlan } from '../use-choose-plan.ts';
import { usePaymentReturn } from '../use-payment-return.ts';
import { BillingToggle } from './billing-toggle.tsx';
import { CtaBanner } from './cta-banner.tsx';
import { CurrentPlan, CurrentPlanSkeleton } from './current-plan.tsx';
import { type PlanAction, PlanCard, PlanCardSkeleton } from './plan-card.tsx';
import { PricingFaq } from './pricing-faq.tsx';
import { WhyChoose } from './why-choose.tsx';

/** The spec's seed plans, from the same catalogue the server prices with. */
const seedPlans: SubscriptionPlanView[] = subscriptionPlans.map((plan) => ({
  ...plan,
  features: [...plan.features],
}));

function planAction(
  plan: SubscriptionPlanView,
  period: BillingPeriod,
  subscription: CurrentSubscription | null | undefined,
  trialOpen: boolean,
): string {
  if (isLive(subscription) && subscription.status !== 'past_due') {
    const target = subscription.nextPlan ?? subscription;
    if (target.planId === plan.id && target.billingPeriod === period) return 'Current plan';
    return `Switch to ${plan.name}`;
  }
  return trialOpen ? 'Start free trial' : 'Subscribe';
}

export function PricingPage() {
  const session = useSession();
  // Until the user picks, the toggle shows the period of their live plan (monthly by default).
  const [chosenPeriod, setPeriod] = useState<BillingPeriod | null>(null);
  const plansQuery = usePlans();
  const currentQuery = useCurrentSubscription(session?.user.id);
  const subscription = session ? currentQuery.data?.subscription : null;
  const trialOpen = !session || (currentQuery.data?.trialEligible ?? true);
  const { choose, pending } = useChoosePlan(subscription);
  const cancel = useCancelSubscription(session?.user.id);
  const { verifying } = usePaymentReturn();
  const plans = plansQuery.data ?? (plansQuery.isError ? seedPlans : null);
  const period: BillingPeriod =
    chosenPeriod ??
    (isLive(subscription) ? (subscription.nextPlan ?? subscription).billingPeriod : 'monthly');

  const toldPlansFailed = useRef(false);
  useEffect(() => {
    if (plansQuery.isError && !toldPlansFailed.current) {
      toldPlansFailed.current = true;
      toast.error(pricingToasts.plansFailed);
    }
  }, [plansQuery.isError]);

  const busy = pending !== null || cancel.isPending || verifying;
  const action = (plan: SubscriptionPlanView): PlanAction => {
    const label = planAction(plan, period, subscription, trialOpen);
    return {
      label,
      disabled: label === 'Current plan' || (session !== null && currentQuery.isPending),
      busy: pending?.planId === plan.id && pending.period === period,
      onSelect: () => void choose(plan.id, period),
    };
  };
  const chooseFromBanner = (planId: PlanId) => () => void choose(planId, period);

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-12">
      <div className="flex flex-col gap-6">
        <PageHeader
          title="Pricing"
          description="Plans for real-estate agents: an AI buyer guide, property listings and lead capture. Every plan starts with a 14-day free trial."
          className="mb-0"
        />
        {session && (currentQuery.isPending || verifying) ? <CurrentPlanSkeleton /> : null}
        {subscription && !verifying ? (
          <CurrentPlan
            subscription={subscription}
            plans={plans ?? seedPlans}
            busy={busy}
            onChange={(planId, billingPeriod) => choose(planId, billingPeriod)}
            onPayNow={() => void choose(subscription.planId, subscription.billingPeriod)}
            onCancel={() =>
              cancel.mutate(undefined, {
                onSuccess: (data) =>
                  toast.success(
                    `Your plan will end on ${formatDate(data.subscription?.currentPeriodEnd ?? subscription.currentPeriodEnd)}`,
                  ),
                onError: () => toast.error(pricingToasts.cancelFailed),
              })
            }
          />
        ) : null}
        <div className="flex justify-center">
          <BillingToggle value={period} onChange={setPeriod} />
        </div>
        <div className="grid gap-6 pt-3 @xl:grid-cols-3 @xl:gap-4 @4xl:gap-6" aria-busy={plans === null}>
          {plans
            ? plans.map((plan) => (
                <PlanCard key={plan.id} plan={plan} period={period} action={action(plan)} />
              ))
            : [0, 1, 2].map((slot) => <PlanCardSkeleton key={slot} />)}
        </div>
      </div>
      <WhyChoose />
      <PricingFaq />
      {isLive(subscription) ? null : (
        <CtaBanner
          trialLabels={trialOpen}
          busy={busy}
          onStarter={chooseFromBanner('starter')}
          onProfessional={chooseFromBanner('professional')}
        />
      )}
    </div>
  );
}
