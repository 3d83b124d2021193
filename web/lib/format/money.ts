// Amounts arrive as integer minor units (cents) with their currency. Agent plans are in naira,
// written the same way.

export interface Money {
  amount: number;
  currency: string;
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
  return currencyFormat(currency, true).format(amount / 100);
}

/** '$10', '$9.99': prices drop the cents when there are none (as profiles show them). */
export function formatPrice({ amount, currency }: Money): string {
  return currencyFormat(currency, amount % 100 !== 0).format(amount / 100);
}
