import { creatorPricing, sixMonthPriceCents } from '../../../../common/schemas/creators.ts';
import type { CreatorPlanId } from '../../../../common/schemas/monetization.ts';

/** A monthly period is 30 days and the six-month bundle 180 days (one rule for access and pro-rata). */
export const planDays: Record<CreatorPlanId, number> = { monthly: 30, six_months: 180 };
export const planMonths: Record<CreatorPlanId, number> = {
  monthly: 1,
  six_months: creatorPricing.bundleMonths,
};

/** What a plan costs now, from the creator's monthly price (USD cents). */
export function planPriceCents(monthlyPriceCents: number, plan: CreatorPlanId): number {
  return plan === 'monthly' ? monthlyPriceCents : sixMonthPriceCents(monthlyPriceCents);
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

/**
 * A promotion's first period: the plan's price less the discount, rounded up to the cent, so the
 * saving shown ("40% off") is never more than the fan really saves.
 */
export function discountedCents(priceCents: number, discountPercent: number): number {
  return Math.ceil((priceCents * (100 - discountPercent)) / 100);
}
