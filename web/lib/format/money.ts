import { groupDigits } from './numbers.ts';

// Amounts arrive as integer minor units (cents) with their currency. Agent plans are in naira,
// written the same way.

export interface Money {
  amount: number;
  currency: string;
}

/**
 * The currencies written by hand, as `Intl.NumberFormat` writes them in their home locale (the
 * test compares the two): a first page shows prices, and the first Intl formatter a page makes
 * loads the browser's locale data (about 20 ms of main thread). Others go through Intl.
 */
const symbols: Record<string, string> = { USD: '$', NGN: '₦' };

function byHand(amount: number, currency: string, cents: boolean): string | null {
  const symbol = symbols[currency];
  if (!symbol || !Number.isSafeInteger(amount)) return null;
  const units = Math.abs(amount);
  const whole = groupDigits(Math.floor(units / 100));
  const text = cents ? `${whole}.${String(units % 100).padStart(2, '0')}` : whole;
  return `${amount < 0 ? '-' : ''}${symbol}${text}`;
}

const currencyFormats = new Map<string, Intl.NumberFormat>();

function currencyFormat(currency: string, cents: boolean): Intl.NumberFormat {
  const key = `${currency}:${cents}`;
  let format = currencyFormats.get(key);
  if (!format) {
    // Each currency in its home convention: '$12.50' for dollars, '₦15,000' for naira.
    format = new Intl.NumberFormat(currency === 'NGN' ? 'en-NG' : 'en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: cents ? 2 : 0,
      maximumFractionDigits: 2,
    });
    currencyFormats.set(key, format);
  }
  return format;
}

/** '$12.50', '$4.00': balances and amounts always show cents, so columns line up. */
export function formatMoney({ amount, currency }: Money): string {
  return byHand(amount, currency, true) ?? currencyFormat(currency, true).format(amount / 100);
}

/** '$10', '$9.99': prices drop the cents when there are none (as profiles show them). */
export function formatPrice({ amount, currency }: Money): string {
  const cents = amount % 100 !== 0;
  return byHand(amount, currency, cents) ?? currencyFormat(currency, cents).format(amount / 100);
}
