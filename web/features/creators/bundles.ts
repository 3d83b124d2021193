import { type CreatorProfile, parseBundleDiscount } from '#common/schemas/creators.ts';
import {
  bundlePriceCents,
  type CreatorBundlePlanId,
  creatorBundlePlanIds,
  creatorPlanMonths,
  savingPercent,
} from '#common/schemas/pricing.ts';

/** One bundle as the form holds it: offered or not, and the discount as typed. */
export interface BundleInput {
  on: boolean;
  discount: string;
}
export type BundleInputs = Record<CreatorBundlePlanId, BundleInput>;

/** The request's field for each bundle (PATCH /api/creators/me). */
export const bundleFields = {
  three_months: 'threeMonthDiscountPercent',
  twelve_months: 'twelveMonthDiscountPercent',
} as const satisfies Record<CreatorBundlePlanId, string>;

type BundleField = (typeof bundleFields)[CreatorBundlePlanId];
export type BundleChanges = Partial<Record<BundleField, number | null>>;

const savedOf = (bundles: CreatorProfile['bundles'], plan: CreatorBundlePlanId): number | null =>
  bundles?.[bundleFields[plan]] ?? null;

/** The form's starting point: what the creator offers now (off, with no discount typed, by default). */
export function bundleInputsOf(bundles: CreatorProfile['bundles']): BundleInputs {
  const one = (plan: CreatorBundlePlanId): BundleInput => {
    const saved = savedOf(bundles, plan);
    return saved === null ? { on: false, discount: '' } : { on: true, discount: String(saved) };
  };
  return { three_months: one('three_months'), twelve_months: one('twelve_months') };
}

/**
 * What to send: only the bundles that changed (left out: unchanged), null for one turned off; or the
 * messages to show next to the discounts that cannot be sent.
 */
export function bundleChangesOf(
  inputs: BundleInputs,
  bundles: CreatorProfile['bundles'],
): { changes: BundleChanges; errors: Partial<Record<CreatorBundlePlanId, string>> } {
  const changes: BundleChanges = {};
  const errors: Partial<Record<CreatorBundlePlanId, string>> = {};
  for (const plan of creatorBundlePlanIds) {
    const input = inputs[plan];
    let next: number | null = null;
    if (input.on) {
      const parsed = parseBundleDiscount(input.discount);
      if ('problem' in parsed) {
        errors[plan] = parsed.problem;
        continue;
      }
      next = parsed.percent;
    }
    if (next !== savedOf(bundles, plan)) changes[bundleFields[plan]] = next;
  }
  return { changes, errors };
}

/** The price fans would pay for a bundle at this discount, and the saving they would see; null while invalid. */
export function bundlePreview(
  monthlyCents: number,
  plan: CreatorBundlePlanId,
  discount: string,
): { priceCents: number; saving: number } | null {
  const parsed = parseBundleDiscount(discount);
  if ('problem' in parsed) return null;
  const months = creatorPlanMonths[plan];
  const priceCents = bundlePriceCents(monthlyCents, months, parsed.percent);
  return { priceCents, saving: savingPercent(monthlyCents, months, priceCents) };
}
