import type { CreatorProfile } from '#common/schemas/creators.ts';
import type { CreatorPlanOption } from '#common/schemas/fan-payments.ts';
import {
  creatorPlanFeatures,
  creatorPlanNames,
  creatorPricing,
  offeredPlans,
} from '#common/schemas/pricing.ts';

/**
 * The plans as the profile already knows them (its prices and bundles), shown until the server's own
 * list arrives; checkout is always priced by the server.
 */
export function plansFromProfile(
  price: CreatorProfile['price'],
  bundles?: CreatorProfile['bundles'],
): CreatorPlanOption[] {
  const plans = offeredPlans({
    monthlyPriceCents: price.monthly.amount,
    threeMonthDiscountPercent: bundles?.threeMonthDiscountPercent ?? null,
    twelveMonthDiscountPercent: bundles?.twelveMonthDiscountPercent ?? null,
  });
  return plans.map((plan) => ({
    id: plan.id,
    name: creatorPlanNames[plan.id],
    // The profile's own figures where it has them (the same rule: common/schemas/pricing.ts).
    price:
      plan.id === 'monthly'
        ? price.monthly
        : plan.id === 'six_months'
          ? price.sixMonths
          : { amount: plan.priceCents, currency: price.monthly.currency || creatorPricing.currency },
    months: plan.months,
    badge: plan.badge,
    savingPercent: plan.savingPercent,
    features: [...creatorPlanFeatures],
  }));
}
