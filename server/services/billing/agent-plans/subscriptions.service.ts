import type { BillingPeriod, PlanId } from '../../../../common/plans.ts';
import { subscriptionMessages } from '../../../../common/schemas/subscriptions.ts';
import { conflict, notFound } from '../../../errors.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { UserRecord } from '../../../repositories/auth/users.repository.ts';
import type { SubscriptionRecord } from '../../../repositories/billing/agent-plans/agent-plans.repository.ts';
import type { AgentPlansStore } from '../../../repositories/billing/agent-plans/agent-plans-store.ts';

export interface CurrentPlan {
  subscription: SubscriptionRecord | null;
  trialEligible: boolean;
}

/** The signed-in agent's plan: what it is, cancelling at period end, and changing plan. */
export function createSubscriptionsService(deps: { store: AgentPlansStore; clock: Clock }) {
  const { store, clock } = deps;

  async function current(userId: string): Promise<CurrentPlan> {
    const [subscription, hadTrial] = await Promise.all([
      store.subscriptions.findLatest(userId),
      store.subscriptions.hasHadTrial(userId),
    ]);
    return { subscription, trialEligible: !hadTrial };
  }

  /** Runs a change to the user's live plan under their row lock. */
  async function changeLive(
    userId: string,
    change: (live: SubscriptionRecord, now: Date) => Partial<SubscriptionRecord> | null,
  ): Promise<CurrentPlan> {
    await store.withTransaction(async (r) => {
      await r.subscriptions.lockOwner(userId);
      const live = await r.subscriptions.findLive(userId);
      if (!live) throw notFound(subscriptionMessages.noSubscription);
      const now = clock.now();
      const changes = change(live, now);
      if (changes) await r.subscriptions.update(live.id, { ...changes, updatedAt: now });
    });
    return current(userId);
  }

  return {
    current: (user: UserRecord) => current(user.id),

    /** Ends the plan when the paid period (or the trial) ends: nothing more is charged. */
    cancel: (user: UserRecord) =>
      changeLive(user.id, (live, now) =>
        live.cancelAtPeriodEnd
          ? null
          : { cancelAtPeriodEnd: true, canceledAt: now, pendingPlanId: null, pendingBillingPeriod: null },
      ),

    /**
     * During the trial the plan changes at once (nothing was charged yet; the trial's end charges the
     * new plan). On a paid plan the change takes effect at the next renewal, which charges the new
     * price: no proration, no second checkout. Choosing a plan also undoes a pending cancellation.
     */
    changePlan: (user: UserRecord, planId: PlanId, billingPeriod: BillingPeriod) =>
      changeLive(user.id, (live) => {
        if (live.status === 'past_due') throw conflict(subscriptionMessages.pastDue);
        const resume = { cancelAtPeriodEnd: false, canceledAt: null };
        if (live.status === 'trialing' || (live.planId === planId && live.billingPeriod === billingPeriod)) {
          return { ...resume, planId, billingPeriod, pendingPlanId: null, pendingBillingPeriod: null };
        }
        return { ...resume, pendingPlanId: planId, pendingBillingPeriod: billingPeriod };
      }),
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
