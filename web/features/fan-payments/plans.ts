import type { CreatorProfile } from '#common/schemas/creators.ts';
import type { CreatorPlanOption } from '#common/schemas/monetization.ts';
import { creatorPlanFeatures, creatorPlanNames, creatorPricing } from '#common/schemas/pricing.ts';

/**
 * The plans as the profile already knows them (its two prices), shown until the server's own list
 * arrives; checkout is always priced by the server.
 */
export function plansFromProfile(price: CreatorProfile['price']): CreatorPlanOption[] {
  return [
    {
      id: 'monthly',
      name: creatorPlanNames.monthly,
      price: price.monthly,
      months: 1,
      badge: null,
      features: [...creatorPlanFeatures],
    },
    {
      id: 'six_months',
      name: creatorPlanNames.six_months,
      price: price.sixMonths,
      months: creatorPricing.bundleMonths,
      badge: creatorPricing.bundleLabel,
      features: [...creatorPlanFeatures],
    },
  ];
}
