import { formatMoney, formatPrice, type Money } from '../../lib/format.ts';

// Money and dates are written by web/lib/format.ts for the whole app; the wallet adds a signed amount.
export {
  formatLongDate,
  formatLongDateTime,
  formatMoney,
  formatPrice,
  formatShortDate,
} from '../../lib/format.ts';

/** '+$4.00' or '−$4.00' for a signed wallet line. */
export function formatSigned(money: Money): string {
  const text = formatMoney({ ...money, amount: Math.abs(money.amount) });
  return money.amount < 0 ? `−${text}` : `+${text}`;
}

/** '7 days', '1 day'. */
export const daysText = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;

/** 'Free for 7 days, then $5/month': a link's free trial of the monthly plan, in the banner and Select plan. */
export function trialPriceText(trial: { days: number; regularPrice: Money }): string {
  return `Free for ${daysText(trial.days)}, then ${formatPrice(trial.regularPrice)}/month`;
}
