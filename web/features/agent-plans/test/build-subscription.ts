import { planDefinition, planPrice } from '#common/plans.ts';
import type { CurrentSubscription } from '#common/schemas/subscriptions.ts';

/** A plan as GET /api/subscriptions/current answers it: Professional monthly, active, renewing 1 July. */
export function buildSubscription(overrides: Partial<CurrentSubscription> = {}): CurrentSubscription {
  const planId = overrides.planId ?? 'professional';
  const billingPeriod = overrides.billingPeriod ?? 'monthly';
  return {
    id: 'sub-1',
    planId,
    planName: planDefinition(planId).name,
    billingPeriod,
    status: 'active',
    currentPeriodStart: '2026-06-01T09:00:00.000Z',
    currentPeriodEnd: '2026-07-01T09:00:00.000Z',
    trialEnd: null,
    cancelAtPeriodEnd: false,
    canceledAt: null,
    endedAt: null,
    amount: planPrice(planId, billingPeriod),
    nextRetryAt: null,
    nextPlan: null,
    card: { brand: 'visa', last4: '4081' },
    ...overrides,
  };
}
