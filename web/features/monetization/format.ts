interface Money {
  amount: number;
  currency: string;
}

const formats = new Map<string, Intl.NumberFormat>();

function currencyFormat(currency: string, cents: boolean): Intl.NumberFormat {
  const key = `${currency}:${cents}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: cents ? 2 : 0,
      maximumFractionDigits: 2,
    });
    formats.set(key, format);
  }
  return format;
}

/** '$12.50', '$4.00': balances and transactions always show cents, so columns line up. */
export function formatMoney({ amount, currency }: Money): string {
  return currencyFormat(currency, true).format(amount / 100);
}

/** '$10', '$9.99': prices drop cents when there are none (as the profile shows them). */
export function formatPrice({ amount, currency }: Money): string {
  return currencyFormat(currency, amount % 100 !== 0).format(amount / 100);
}

/** '+$4.00' or '−$4.00' for a signed wallet line. */
export function formatSigned(money: Money): string {
  const text = formatMoney({ ...money, amount: Math.abs(money.amount) });
  return money.amount < 0 ? `−${text}` : `+${text}`;
}

const shortDates = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const longDates = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
const dateTimes = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

const valid = (iso: string | null): iso is string => iso !== null && !Number.isNaN(Date.parse(iso));

/** '12 Mar 2026', for rows. */
export function formatShortDate(iso: string | null): string {
  return valid(iso) ? shortDates.format(new Date(iso)) : '—';
}

/** '12 March 2026'. */
export function formatLongDate(iso: string | null): string {
  return valid(iso) ? longDates.format(new Date(iso)) : '—';
}

/** '12 March 2026 at 14:05', for details. */
export function formatDateTime(iso: string | null): string {
  return valid(iso) ? dateTimes.format(new Date(iso)) : '—';
}
