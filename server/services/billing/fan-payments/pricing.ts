import type { CreatorPlanId } from '../../../../common/schemas/fan-payments.ts';
import {
  type CreatorPrices,
  creatorPlanMonths,
  planPriceCents as priceAt,
} from '../../../../common/schemas/pricing.ts';

/**
 * A plan's period is 30 days per month it pays for: monthly 30, three months 90, six months 180,
 * twelve months 360 (one rule for access and pro-rata refunds).
 */
export const planDays: Record<CreatorPlanId, number> = {
  monthly: 30,
  three_months: 90,
  six_months: 180,
  twelve_months: 360,
};
export const planMonths: Record<CreatorPlanId, number> = creatorPlanMonths;

/** A creator's prices; a bare monthly price (USD cents) offers monthly and six months only. */
export type PricesOrMonthly = CreatorPrices | number;

export const pricesOf = (prices: PricesOrMonthly): CreatorPrices =>
  typeof prices === 'number'
    ? { monthlyPriceCents: prices, threeMonthDiscountPercent: null, twelveMonthDiscountPercent: null }
    : prices;

/** What a plan costs now (USD cents), or null when the creator does not offer it (common/schemas/pricing.ts). */
export function planPriceCents(prices: PricesOrMonthly, plan: CreatorPlanId): number | null {
  return priceAt(pricesOf(prices), plan);
}

/** The platform's fee on a payment, rounded to the cent; the creator earns the rest. */
export function splitCharge(amount: number, feePercent: number): { fee: number; earning: number } {
  const fee = Math.round((amount * feePercent) / 100);
  return { fee, earning: amount - fee };
}

/** A refund of part of a payment takes back the fee and the earning in the same proportion. */
export function splitRefund(
  refund: number,
  payment: { amount: number; fee: number },
): { fee: number; earning: number } {
  const fee = payment.amount === 0 ? 0 : Math.round((refund * payment.fee) / payment.amount);
  return { fee, earning: refund - fee };
}

/**
 * The unused part of a paid period at `now`, in whole cents rounded down (never more than was paid
 * for the time left). A period not started yet is refunded whole; an ended one not at all.
 */
export function proRataRefund(
  payment: { amount: number; refunded: number; periodStart: Date; periodEnd: Date },
  now: Date,
): number {
  const total = payment.periodEnd.getTime() - payment.periodStart.getTime();
  if (total <= 0) return 0;
  const unused = payment.periodEnd.getTime() - Math.max(now.getTime(), payment.periodStart.getTime());
  if (unused <= 0) return 0;
  const due = Math.floor((payment.amount * unused) / total);
  return Math.max(0, Math.min(due, payment.amount - payment.refunded));
}

// A promotion's first period (common/schemas/pricing.ts, so the web app shows the same price).
export { discountedCents } from '../../../../common/schemas/pricing.ts';
