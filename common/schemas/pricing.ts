/**
 * Creator prices and plans as plain values (no zod), re-exported by creators.ts and monetization.ts:
 * pages that show a price need not load the schemas (docs/decisions/0032).
 */

/** Creator prices are in USD cents; the 6-month bundle is 6 x monthly x 0.8 (`sixMonthPriceCents`). */
export const creatorPricing = {
  currency: 'USD',
  minMonthlyCents: 499,
  maxMonthlyCents: 10_000,
  bundleMonths: 6,
  bundleDiscount: 0.2,
  bundleLabel: 'Save 20%',
} as const;

export function sixMonthPriceCents(monthlyCents: number): number {
  return Math.round(monthlyCents * creatorPricing.bundleMonths * (1 - creatorPricing.bundleDiscount));
}

/** The spec's creator plans (section 3): monthly, and six months labelled 'Save 20%'. */
export const creatorPlanIds = ['monthly', 'six_months'] as const;
export type CreatorPlanId = (typeof creatorPlanIds)[number];

export const creatorPlanNames: Record<CreatorPlanId, string> = {
  monthly: 'Monthly',
  six_months: '6 Months',
};

/** What every creator plan includes (spec section 3). */
export const creatorPlanFeatures = ['All videos', 'All media', 'Access to all posts'] as const;
