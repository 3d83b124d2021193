import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseBundleDiscount } from './creators.ts';
import { offerLimits } from './offers.ts';
import {
  bundlePriceCents,
  creatorPricing,
  discountedCents,
  offeredPlans,
  planPriceCents,
  savingPercent,
  sixMonthPriceCents,
} from './pricing.ts';

const monthly = fc.integer({ min: creatorPricing.minMonthlyCents, max: creatorPricing.maxMonthlyCents });
const discount = fc.integer({ min: 0, max: 60 });
const months = fc.constantFrom(3, 12);

describe('bundle prices and the saving shown', () => {
  it.each([
    // monthly, months, discount, price (rounded down), saving shown
    [999, 3, 15, 2547, 15], // 2547.45
    [999, 12, 33, 8031, 33], // 8031.96
    [1000, 3, 0, 3000, 0],
    [1000, 12, 60, 4800, 60],
    [499, 3, 1, 1482, 1], // 1482.03; saving 15/1497 = 1.002%
    [10_000, 12, 60, 48_000, 60],
    [701, 12, 7, 7823, 7], // 7823.16
  ])('%i cents x %i months at %i%% off costs %i cents and shows Save %i%%', (m, n, d, price, shown) => {
    expect(bundlePriceCents(m, n, d)).toBe(price);
    expect(savingPercent(m, n, price)).toBe(shown);
  });

  it('never charges more than the discount allows, nor a cent less than needed', () => {
    fc.assert(
      fc.property(monthly, months, discount, (m, n, d) => {
        const price = bundlePriceCents(m, n, d);
        expect(Number.isInteger(price)).toBe(true);
        // Exact in integers: price <= m*n*(100-d)/100 < price + 1.
        expect(price * 100).toBeLessThanOrEqual(m * n * (100 - d));
        expect((price + 1) * 100).toBeGreaterThan(m * n * (100 - d));
      }),
      { numRuns: 5000 },
    );
  });

  it('shows a saving that never exceeds the real one, and is the discount the creator set', () => {
    fc.assert(
      fc.property(monthly, months, discount, (m, n, d) => {
        const price = bundlePriceCents(m, n, d);
        const shown = savingPercent(m, n, price);
        const full = m * n;
        // shown% of the full price is at most what the fan really saves (integers, no rounding).
        expect(shown * full).toBeLessThanOrEqual((full - price) * 100);
        // Rounding the price down keeps the real saving at or above the discount set, so it shows as set.
        expect(shown).toBe(d);
      }),
      { numRuns: 5000 },
    );
  });

  it('lists only offered plans, in order of length, each saving true to its price', () => {
    fc.assert(
      fc.property(monthly, fc.option(discount), fc.option(discount), (m, three, twelve) => {
        const prices = {
          monthlyPriceCents: m,
          threeMonthDiscountPercent: three,
          twelveMonthDiscountPercent: twelve,
        };
        const plans = offeredPlans(prices);
        const expected = [
          'monthly',
          ...(three === null ? [] : ['three_months']),
          'six_months',
          ...(twelve === null ? [] : ['twelve_months']),
        ];
        expect(plans.map((plan) => plan.id)).toEqual(expected);
        for (const plan of plans) {
          expect(plan.priceCents).toBe(planPriceCents(prices, plan.id));
          if (plan.id === 'six_months') {
            // Unchanged: 6 x monthly x 0.8 rounded to the cent, labelled Save 20%.
            expect(plan.priceCents).toBe(sixMonthPriceCents(m));
            expect(plan.badge).toBe('Save 20%');
            continue;
          }
          const full = m * plan.months;
          expect(plan.savingPercent * full).toBeLessThanOrEqual((full - plan.priceCents) * 100);
          expect(plan.badge).toBe(plan.savingPercent > 0 ? `Save ${plan.savingPercent}%` : null);
        }
        expect(planPriceCents(prices, 'three_months') === null).toBe(three === null);
        expect(planPriceCents(prices, 'twelve_months') === null).toBe(twelve === null);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads a typed discount as a whole percent from 0 to 60, or says what is wrong', () => {
    expect(parseBundleDiscount('15')).toEqual({ percent: 15 });
    expect(parseBundleDiscount(' 60% ')).toEqual({ percent: 60 });
    expect(parseBundleDiscount('0')).toEqual({ percent: 0 });
    expect(parseBundleDiscount('')).toEqual({ problem: 'Please enter a discount, or turn this bundle off' });
    for (const bad of ['61', '12.5', '-1', 'ten', '1e1', '100'])
      expect(parseBundleDiscount(bad), bad).toEqual({
        problem: 'The discount must be a whole number from 0 to 60',
      });
  });
});

describe("a promotion's first-period price", () => {
  it.each([
    // price, discount, exact price, charged (rounded UP to the cent)
    [499, 15, '424.15', 425],
    [999, 33, '669.33', 670],
    [999, 5, '949.05', 950],
    [999, 50, '499.5', 500],
    [499, 90, '49.9', 50], // the lowest price at the largest promotion
    [101, 99, '1.01', 2],
    [100, 99, '1', 1],
    [1000, 40, '600', 600],
  ])('%i cents at %i percent off is %s cents exactly, charged as %i', (price, discount, exact, charged) => {
    expect((price * (100 - discount)) / 100).toBe(Number(exact));
    expect(discountedCents(price, discount)).toBe(charged);
  });

  it('is whole cents, never below the exact discounted price, and less than a cent above it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: creatorPricing.minMonthlyCents, max: 12 * creatorPricing.maxMonthlyCents }),
        fc.integer({ min: offerLimits.discountMin, max: offerLimits.discountMax }),
        (price, discount) => {
          const charged = discountedCents(price, discount);
          expect(Number.isInteger(charged)).toBe(true);
          // Exact in integers: price x (100 - discount) / 100 <= charged < that + 1.
          expect(charged * 100).toBeGreaterThanOrEqual(price * (100 - discount));
          expect((charged - 1) * 100).toBeLessThan(price * (100 - discount));
          // Something is always charged, and never more than the regular price.
          expect(charged).toBeGreaterThan(0);
          expect(charged).toBeLessThanOrEqual(price);
        },
      ),
      { numRuns: 5000 },
    );
  });
});
