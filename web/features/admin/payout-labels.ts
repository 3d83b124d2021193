import type { PayoutStatus } from '#common/schemas/fan-payments.ts';
import type { AdminPayoutDetail, ReconcileReportView } from '#common/schemas/payouts.ts';

/** Completes "Only admins …" on the payouts page. */
export const PAYOUTS_TASK = 'manage creator payouts';

/** The filters of the payouts list, each the statuses it shows (none: every status). */
export const payoutFilters = {
  all: { label: 'All', statuses: [] },
  queued: { label: 'Queued', statuses: ['requested'] },
  'on-its-way': { label: 'On its way', statuses: ['sending', 'pending'] },
  otp: { label: 'Waiting for OTP', statuses: ['otp'] },
  paid: { label: 'Paid', statuses: ['paid'] },
  failed: { label: 'Failed', statuses: ['failed'] },
  returned: { label: 'Returned', statuses: ['reversed'] },
} as const satisfies Record<string, { label: string; statuses: readonly PayoutStatus[] }>;

export type PayoutFilter = keyof typeof payoutFilters;

export const payoutFilterLabels = Object.fromEntries(
  Object.entries(payoutFilters).map(([filter, { label }]) => [filter, label]),
) as Record<PayoutFilter, string>;

export const isPayoutFilter = (value: string | null): value is PayoutFilter =>
  value !== null && Object.hasOwn(payoutFilters, value);

export type PayoutTone = 'good' | 'waiting' | 'action' | 'bad';

/** A payout's status in the admin's words; a queued payout by hand waits for the admin. */
export function payoutStatusLabel(payout: Pick<AdminPayoutDetail, 'status' | 'method'>): {
  label: string;
  tone: PayoutTone;
} {
  switch (payout.status) {
    case 'requested':
      return payout.method === 'manual'
        ? { label: 'To send by hand', tone: 'action' }
        : { label: 'Queued', tone: 'waiting' };
    case 'sending':
      return { label: 'Sending', tone: 'waiting' };
    case 'pending':
      return { label: 'On its way', tone: 'waiting' };
    case 'otp':
      return { label: 'Waiting for OTP', tone: 'action' };
    case 'paid':
      return { label: 'Paid', tone: 'good' };
    case 'failed':
      return { label: 'Failed', tone: 'bad' };
    case 'reversed':
      return { label: 'Returned by the bank', tone: 'bad' };
  }
}

/** Statuses a transfer can still change from, so "check now" may tell something new. */
const checkable: readonly PayoutStatus[] = ['sending', 'pending', 'otp', 'paid'];
export const canCheckPayout = (payout: Pick<AdminPayoutDetail, 'status' | 'method'>) =>
  payout.method === 'transfer' && checkable.includes(payout.status);

type DifferenceKind = ReconcileReportView['differences'][number]['kind'];

export const differenceKindLabels: Record<DifferenceKind, string> = {
  unknown_to_us: 'Not one of our payouts',
  missing_at_provider: 'Missing at Paystack',
  status: 'Status differs',
  amount: 'Amount differs',
  paid_twice: 'Paid more than once',
};

/** The payout currencies by name, for the exchange rates. */
export const currencyNames: Record<string, string> = {
  NGN: 'Nigerian naira',
  GHS: 'Ghanaian cedi',
  KES: 'Kenyan shilling',
  ZAR: 'South African rand',
};
