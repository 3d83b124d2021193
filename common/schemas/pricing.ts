/**
 * Creator prices and plans as plain values (no zod), re-exported by creators.ts and fan-payments.ts:
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

/**
 * The creator plans: monthly and six months labelled 'Save 20%' (spec section 3), and the 3- and
 * 12-month bundles a creator may offer at a discount of their own (`creatorBundles`).
 */
export const creatorPlanIds = ['monthly', 'three_months', 'six_months', 'twelve_months'] as const;
export type CreatorPlanId = (typeof creatorPlanIds)[number];

export const creatorPlanNames: Record<CreatorPlanId, string> = {
  monthly: 'Monthly',
  three_months: '3 Months',
  six_months: '6 Months',
  twelve_months: '12 Months',
};

/** Months each plan pays for; a plan's days are 30 per month (server/services/billing/fan-payments/pricing.ts). */
export const creatorPlanMonths: Record<CreatorPlanId, number> = {
  monthly: 1,
  three_months: 3,
  six_months: creatorPricing.bundleMonths,
  twelve_months: 12,
};

/** The bundles a creator chooses to offer, each at a whole-percent discount they set. */
export const creatorBundlePlanIds = ['three_months', 'twelve_months'] as const;
export type CreatorBundlePlanId = (typeof creatorBundlePlanIds)[number];

export const creatorBundles = { minDiscountPercent: 0, maxDiscountPercent: 60 } as const;

/** A creator's prices: the monthly price, and each bundle's discount (null: not offered). */
export interface CreatorPrices {
  monthlyPriceCents: number;
  threeMonthDiscountPercent: number | null;
  twelveMonthDiscountPercent: number | null;
}

export function bundleDiscountOf(prices: CreatorPrices, plan: CreatorBundlePlanId): number | null {
  return plan === 'three_months' ? prices.threeMonthDiscountPercent : prices.twelveMonthDiscountPercent;
}

/**
 * A bundle's price: monthly x months x (100 - discount) / 100, rounded DOWN to a whole cent (in the
 * fan's favour), in integers so no floating-point error creeps in. Rounding down means the real
 * saving is never less than the discount the creator set.
 */
export function bundlePriceCents(monthlyCents: number, months: number, discountPercent: number): number {
  return Math.floor((monthlyCents * months * (100 - discountPercent)) / 100);
}

/**
 * The saving shown ('Save N%'): computed from the real prices, (full - price) / full, rounded DOWN to
 * a whole percent so it never overstates what the fan saves.
 */
export function savingPercent(monthlyCents: number, months: number, priceCents: number): number {
  const full = monthlyCents * months;
  if (full <= 0 || priceCents >= full) return 0;
  return Math.floor(((full - priceCents) * 100) / full);
}

/** What a plan costs at these prices (USD cents), or null when the creator does not offer it. */
export function planPriceCents(prices: CreatorPrices, plan: CreatorPlanId): number | null {
  if (plan === 'monthly') return prices.monthlyPriceCents;
  if (plan === 'six_months') return sixMonthPriceCents(prices.monthlyPriceCents);
  const discount = bundleDiscountOf(prices, plan);
  return discount === null
    ? null
    : bundlePriceCents(prices.monthlyPriceCents, creatorPlanMonths[plan], discount);
}

/** 'Save N%' for a plan at this price: six months keeps its fixed label; a bundle without a saving shows none. */
export function planBadge(plan: CreatorPlanId, saving: number): string | null {
  if (plan === 'six_months') return creatorPricing.bundleLabel;
  return plan !== 'monthly' && saving > 0 ? `Save ${saving}%` : null;
}

/** The plans these prices offer, in order of length, with price, months and the saving. */
export function offeredPlans(
  prices: CreatorPrices,
): { id: CreatorPlanId; priceCents: number; months: number; savingPercent: number; badge: string | null }[] {
  return creatorPlanIds.flatMap((id) => {
    const priceCents = planPriceCents(prices, id);
    if (priceCents === null) return [];
    const months = creatorPlanMonths[id];
    // Six months keeps the spec's 20% as its stated saving (its label and price are unchanged).
    const saving =
      id === 'six_months'
        ? Math.round(creatorPricing.bundleDiscount * 100)
        : savingPercent(prices.monthlyPriceCents, months, priceCents);
    return [{ id, priceCents, months, savingPercent: saving, badge: planBadge(id, saving) }];
  });
}

/** What every creator plan includes (spec section 3). */
export const creatorPlanFeatures = ['All videos', 'All media', 'Access to all posts'] as const;

/**
 * A promotion's first period: the plan's price less the discount, rounded UP to a whole cent, in
 * integers. The fan never pays a fraction of a cent and at most a cent over the exact price ($4.99
 * at 15% off is $4.2415: $4.25), and the discount given is never more than the creator set. So the
 * real saving may be up to a cent short of the percentage shown (bundles round down instead:
 * `bundlePriceCents`). Tested in pricing.test.ts and at checkout in offers.test.ts.
 */
export function discountedCents(priceCents: number, discountPercent: number): number {
  return Math.ceil((priceCents * (100 - discountPercent)) / 100);
}
