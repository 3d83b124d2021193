import { creatorPricing, parsePriceCents, sixMonthPriceCents } from '#common/schemas/creators.ts';
import { formatMoney } from '../../lib/format.ts';

/** 1099 -> '$10.99' */
export function formatCents(cents: number): string {
  return formatMoney({ amount: cents, currency: creatorPricing.currency });
}

/** The 6-month bundle for a typed monthly price, or null while the price is not a dollar amount. */
export function bundlePrice(monthlyInput: string): { monthly: string; sixMonths: string } | null {
  const cents = parsePriceCents(monthlyInput);
  if (cents === null) return null;
  return { monthly: formatCents(cents), sixMonths: formatCents(sixMonthPriceCents(cents)) };
}
