import type { Money } from '#common/plans.ts';

const currencyFormats = new Map<string, Intl.NumberFormat>();

/** ₦15,000 from 1,500,000 kobo; kobo are shown only when there are any. */
export function formatMoney({ amount, currency }: Money): string {
  const whole = amount % 100 === 0;
  const key = `${currency}:${whole}`;
  let format = currencyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-NG', {
      style: 'currency',
      currency,
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: 2,
    });
    currencyFormats.set(key, format);
  }
  return format.format(amount / 100);
}

const dates = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

export function formatDate(iso: string): string {
  return dates.format(new Date(iso));
}
