import type { PayoutStatus } from '#common/schemas/fan-payments.ts';
import { formatMoney, type Money } from '../../lib/format.ts';

// Money and dates are written by web/lib/format.ts for the whole app.
export { formatDateTime, formatLongDate, formatMoney, formatShortDate } from '../../lib/format.ts';

/** Where a payout stands, in the creator's words (never only a colour). */
export const payoutStatusLabels: Record<PayoutStatus, string> = {
  requested: 'Queued',
  sending: 'On its way',
  pending: 'On its way',
  otp: 'Waiting for approval',
  paid: 'Paid',
  failed: 'Failed',
  reversed: 'Returned by the bank',
};

export type PayoutTone = 'good' | 'waiting' | 'bad';

export const payoutStatusTones: Record<PayoutStatus, PayoutTone> = {
  requested: 'waiting',
  sending: 'waiting',
  pending: 'waiting',
  otp: 'waiting',
  paid: 'good',
  failed: 'bad',
  reversed: 'bad',
};

/** Still moving: set aside from the balance, not yet settled. */
export const isOpenPayout = (status: PayoutStatus) =>
  status === 'requested' || status === 'sending' || status === 'pending' || status === 'otp';

/** The money came back to the available balance. */
export const isReturnedPayout = (status: PayoutStatus) => status === 'failed' || status === 'reversed';

/** ISO weekdays, 1 (Monday) to 7 (Sunday), as payout settings number them. */
export const weekdayNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
export const weekdayName = (weekday: number) => weekdayNames[weekday - 1] ?? 'Monday';

/**
 * Countries where a payout may go to a mobile money wallet instead of a bank account. The contract
 * does not say which (common/schemas/payouts.ts); the provider offers mobile money in these.
 */
export const mobileMoneyCountries: readonly string[] = ['GH', 'KE'];

/** Dollars as typed ('25', '25.5', '$25.50', '1,000'), in whole cents; null when it is not an amount. */
export function dollarsToCents(typed: string): number | null {
  const value = typed.trim().replace(/^\$/, '').replace(/,/g, '').trim();
  if (!/^\d{1,9}(\.\d{0,2})?$/.test(value)) return null;
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Cents as a dollar amount to put in an input: '12', '12.50'. */
export function centsToDollars(cents: number): string {
  const whole = Math.trunc(cents / 100);
  const rest = Math.abs(cents % 100);
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0')}`;
}

/** A rate of local units per USD ('1550.25') written in the local currency: '₦1,550.25'. */
export function formatRate(rate: string, currency: string): string {
  const value = Number(rate);
  if (!Number.isFinite(value)) return `${rate} ${currency}`;
  return formatMoney({ amount: Math.round(value * 100), currency });
}

/** '₦18,603.00 at ₦1,550.25 per $1'. */
export function localAmountText(local: Money, rate: string | null): string {
  const amount = formatMoney(local);
  return rate ? `${amount} at ${formatRate(rate, local.currency)} per $1` : amount;
}

/** 'GTBank •••• 1234'. */
export const accountLine = (account: { bankName: string; last4: string }) =>
  `${account.bankName} •••• ${account.last4}`;
