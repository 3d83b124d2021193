/**
 * How the web app writes money and dates, in one place. Amounts arrive as integer minor units
 * (cents) with their currency, dates as ISO strings. The wallet adds a signed amount and a long
 * date-time (features/fan-payments/format.ts). Agent plans are in naira, written the same way.
 */

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

/** Made on first use: a formatter takes a few milliseconds to make, and a page may format no date. */
function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

const shortDates = once(
  () => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }),
);
const longDates = once(
  () => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }),
);
const stamps = once(() => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }));

function parsed(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '12 Mar 2026', for rows and lists; an unknown date reads as a dash. */
export function formatShortDate(iso: string | null | undefined): string {
  const date = parsed(iso);
  return date ? shortDates().format(date) : '—';
}

/** '12 March 2026'; an unknown date reads as a dash. */
export function formatLongDate(iso: string | null | undefined): string {
  const date = parsed(iso);
  return date ? longDates().format(date) : '—';
}

/** '12 Mar 2026, 14:05': a date with its time, for a message or a post's full date. */
export function formatDateTime(iso: string | null | undefined): string {
  const date = parsed(iso);
  return date ? stamps().format(date) : '—';
}
