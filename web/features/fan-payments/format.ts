import { formatMoney, type Money } from '../../lib/format.ts';

// Money and dates are written by web/lib/format.ts for the whole app; the wallet adds its own two.
export { formatLongDate, formatMoney, formatPrice, formatShortDate } from '../../lib/format.ts';

/** '+$4.00' or '−$4.00' for a signed wallet line. */
export function formatSigned(money: Money): string {
  const text = formatMoney({ ...money, amount: Math.abs(money.amount) });
  return money.amount < 0 ? `−${text}` : `+${text}`;
}

const dateTimes = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** '12 March 2026 at 14:05', for a payment's details; an unknown date reads as a dash. */
export function formatDateTime(iso: string | null): string {
  return iso !== null && !Number.isNaN(Date.parse(iso)) ? dateTimes.format(new Date(iso)) : '—';
}
