/**
 * The agents' plan catalogue (prices and periods; the ledger in server/services/billing/agent-plans/ledger-postings.ts): one source for
 * the server's prices and the web app's fallback when the plans cannot be fetched. Kept free of zod so
 * the pricing page can show it before any schema code loads.
 */
export const planIds = ['starter', 'professional', 'enterprise'] as const;
export type PlanId = (typeof planIds)[number];

export const billingPeriods = ['monthly', 'yearly'] as const;
export type BillingPeriod = (typeof billingPeriods)[number];

export interface Money {
  /** Integer minor units (kobo for NGN). */
  amount: number;
  /** ISO 4217 code. */
  currency: string;
}

export const planRules = {
  currency: 'NGN',
  /** NGN has 100 kobo. */
  minorPerMajor: 100,
  trialDays: 14,
  /** The spec's `duration`: a monthly period is 30 days. */
  monthlyPeriodDays: 30,
  yearlyPeriodDays: 365,
  /** Yearly is 10 x monthly (two months free), so 'Save 17%' is true. */
  yearlyMonths: 10,
  yearlySavingsLabel: 'Save 17%',
  /** A first-time subscriber's card is checked with this charge, refunded at once (NGN 50). */
  cardCheckAmount: 5000,
  /** Failed renewals are tried again this many days after the period ended, then the plan expires. */
  renewalRetryDays: [1, 3],
  /** What the FAQ promises: data stays available this long after a plan ends. */
  dataRetentionDays: 30,
} as const;

export interface PlanDefinition {
  id: PlanId;
  name: string;
  description: string;
  /** Monthly price in naira (the spec's `price`). */
  monthlyNaira: number;
  popular: boolean;
  features: string[];
}

export const planDefinitions: readonly PlanDefinition[] = [
  {
    id: 'starter',
    name: 'Starter',
    description: 'For independent agents getting their first listings in front of buyers.',
    monthlyNaira: 15_000,
    popular: false,
    features: [
      'Up to 10 active property listings',
      'AI buyer guide on every listing',
      'Lead capture form with email alerts',
      'Basic listing analytics',
      'Email support',
    ],
  },
  {
    id: 'professional',
    name: 'Professional',
    description: 'For busy agents who want every enquiry answered and every lead followed up.',
    monthlyNaira: 25_000,
    popular: true,
    features: [
      'Up to 50 active property listings',
      'AI buyer guide trained on your listings',
      'Lead capture with lead scoring',
      'Automated follow-up emails',
      'Listing and lead analytics',
      'Priority email support',
    ],
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    description: 'For agencies and teams that share listings, leads and a brand.',
    monthlyNaira: 40_000,
    popular: false,
    features: [
      'Unlimited property listings',
      'AI buyer guide with your agency branding',
      'Lead capture and routing across up to 10 agent seats',
      'Team dashboard and advanced analytics',
      'CSV export of leads',
      'Dedicated account manager',
    ],
  },
];

/** A plan as the API answers it: the spec's fields plus exact prices in minor units. */
export interface SubscriptionPlan {
  id: PlanId;
  name: string;
  description: string;
  /** Monthly price in naira, as the spec's seed plans have it. */
  price: number;
  /** Yearly price in naira (10 x monthly). */
  yearlyPrice: number;
  /** Days in a monthly billing period. */
  duration: number;
  trialDays: number;
  popular: boolean;
  badge: string | null;
  features: string[];
  prices: Record<BillingPeriod, Money>;
}

export function isPlanId(value: string): value is PlanId {
  return (planIds as readonly string[]).includes(value);
}

export function planDefinition(id: PlanId): PlanDefinition {
  const plan = planDefinitions.find((candidate) => candidate.id === id);
  if (!plan) throw new Error(`unknown plan ${id}`);
  return plan;
}

/** What one billing period of a plan costs, in minor units. */
export function planPrice(id: PlanId, period: BillingPeriod): Money {
  const months = period === 'yearly' ? planRules.yearlyMonths : 1;
  return {
    amount: planDefinition(id).monthlyNaira * months * planRules.minorPerMajor,
    currency: planRules.currency,
  };
}

export function periodDays(period: BillingPeriod): number {
  return period === 'yearly' ? planRules.yearlyPeriodDays : planRules.monthlyPeriodDays;
}

function toPlan(definition: PlanDefinition): SubscriptionPlan {
  return {
    id: definition.id,
    name: definition.name,
    description: definition.description,
    price: definition.monthlyNaira,
    yearlyPrice: definition.monthlyNaira * planRules.yearlyMonths,
    duration: planRules.monthlyPeriodDays,
    trialDays: planRules.trialDays,
    popular: definition.popular,
    badge: definition.popular ? 'Most Popular' : null,
    features: [...definition.features],
    prices: { monthly: planPrice(definition.id, 'monthly'), yearly: planPrice(definition.id, 'yearly') },
  };
}

/** The plans as served by GET /api/subscriptions/plans, and the web app's seed plans. */
export const subscriptionPlans: readonly SubscriptionPlan[] = planDefinitions.map(toPlan);
