interface Money {
  amount: number;
  currency: string;
}

const prices = new Map<string, Intl.NumberFormat>();

/** $9.99 from 999 cents; whole amounts drop the cents ($10). */
export function formatPrice({ amount, currency }: Money): string {
  const whole = amount % 100 === 0;
  const key = `${currency}:${whole}`;
  let format = prices.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: 2,
    });
    prices.set(key, format);
  }
  return format.format(amount / 100);
}

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** 1234 -> 1.2K: counts stay short enough for a phone's stat row. */
export function formatCount(count: number): string {
  return compact.format(count);
}

/** 'Lena Park' -> 'LP'; one word gives one letter. */
export function creatorInitials(displayName: string): string {
  const letters = displayName
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
  return letters || '?';
}

const dates = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

export function formatDate(iso: string): string {
  return dates.format(new Date(iso));
}
