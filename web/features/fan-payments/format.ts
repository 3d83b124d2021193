import { formatMoney, type Money } from '../../lib/format.ts';

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
