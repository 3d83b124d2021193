import {
  type LedgerPosting as CreatorLedgerPosting,
  earningsAccountId,
  type LedgerLine,
  payoutsAccountId,
} from '../../../repositories/billing/core/ledger.repository.ts';
import type { FanPaymentRecord } from '../../../repositories/billing/fan-payments/fan-payments.repository.ts';
import type { PayoutRecord } from '../../../repositories/billing/payouts/payouts.repository.ts';
import { line, pair, platformAccounts } from '../core/ledger.ts';
import { splitRefund } from './pricing.ts';

type Account = LedgerLine['account'];

/** The creator side of the chart of accounts, over the platform's (core/ledger.ts). */
export const creatorAccounts = {
  cash: platformAccounts.cash,
  fees: {
    id: 'platform:fees',
    kind: 'revenue',
    description: 'Platform fees on fan payments to creators',
  } satisfies Account,
  earnings: (creatorUserId: string): Account => ({
    id: earningsAccountId(creatorUserId),
    kind: 'liability',
    description: 'Earnings owed to this creator and not yet set aside for a payout',
  }),
  payouts: (creatorUserId: string): Account => ({
    id: payoutsAccountId(creatorUserId),
    kind: 'liability',
    description: 'Payouts this creator requested that are not sent yet',
  }),
  heldFor: (userId: string): Account => platformAccounts.heldFor(userId),
};

const purposeText = (payment: FanPaymentRecord) =>
  payment.purpose === 'post_unlock'
    ? 'post unlock'
    : payment.purpose === 'message_unlock'
      ? 'message unlock'
      : payment.purpose === 'tip'
        ? 'tip'
        : payment.purpose === 'subscription_renewal'
          ? `subscription renewal (${payment.plan})`
          : `subscription (${payment.plan})`;

/** A fan's payment: the cash came in, the platform keeps its fee, the creator earns the rest. */
export function creatorChargePosting(
  payment: FanPaymentRecord,
  fee: number,
  now: Date,
): CreatorLedgerPosting {
  const { amount, currency } = payment;
  return {
    kind: 'creator_charge',
    fanPaymentId: payment.id,
    description: `Fan payment for a ${purposeText(payment)}, ${payment.reference}`,
    lines: [
      line(creatorAccounts.cash, amount, currency),
      line(creatorAccounts.fees, -fee, currency),
      line(creatorAccounts.earnings(payment.creatorUserId), -(amount - fee), currency),
    ],
    now,
  };
}

/** A refund of `refund` cents: cash goes back, fee and earning are taken back in proportion. */
export function creatorRefundPosting(
  payment: FanPaymentRecord,
  refund: number,
  now: Date,
): CreatorLedgerPosting {
  const back = splitRefund(refund, { amount: payment.amount, fee: payment.feeAmount ?? 0 });
  return {
    kind: 'creator_refund',
    fanPaymentId: payment.id,
    description: `Refund of ${refund} of a ${purposeText(payment)}, ${payment.reference}`,
    lines: [
      line(creatorAccounts.cash, -refund, payment.currency),
      line(creatorAccounts.fees, back.fee, payment.currency),
      line(creatorAccounts.earnings(payment.creatorUserId), back.earning, payment.currency),
    ],
    now,
  };
}

/** A chargeback takes back whatever of the payment is still posted (after any refund): its exact negation. */
export function chargebackPosting(
  payment: FanPaymentRecord,
  net: Map<string, { amount: number; currency: string }>,
  now: Date,
): CreatorLedgerPosting | null {
  const accounts = [
    creatorAccounts.cash,
    creatorAccounts.fees,
    creatorAccounts.earnings(payment.creatorUserId),
  ];
  const lines = accounts
    .map((account) => ({ account, posted: net.get(account.id) }))
    .filter((entry) => entry.posted && entry.posted.amount !== 0)
    .map((entry) =>
      line(entry.account, -(entry.posted?.amount ?? 0), entry.posted?.currency ?? payment.currency),
    );
  if (lines.length === 0) return null;
  return {
    kind: 'chargeback',
    fanPaymentId: payment.id,
    description: `Chargeback of a ${purposeText(payment)}, ${payment.reference}`,
    lines,
    now,
  };
}

/** The refund of a refused payment: the exact negation of what was held. */
export function refusedRefundPosting(
  payment: FanPaymentRecord,
  refund: number,
  now: Date,
): CreatorLedgerPosting {
  return {
    kind: 'refund',
    fanPaymentId: payment.id,
    description: `Refund of refused ${payment.reference}`,
    lines: [
      line(creatorAccounts.cash, -refund, payment.currency),
      line(creatorAccounts.heldFor(payment.fanId), refund, payment.currency),
    ],
    now,
  };
}

/** Available earnings set aside for a requested payout. */
export function payoutRequestPosting(payout: PayoutRecord, now: Date): CreatorLedgerPosting {
  return {
    kind: 'payout_request',
    payoutId: payout.id,
    description: `Payout requested, ${payout.reference}`,
    lines: pair(
      creatorAccounts.earnings(payout.creatorUserId),
      creatorAccounts.payouts(payout.creatorUserId),
      payout.amount,
      payout.currency,
    ),
    now,
  };
}

/** The payout was sent by hand: the money left the platform. */
export function payoutPaidPosting(payout: PayoutRecord, now: Date): CreatorLedgerPosting {
  return {
    kind: 'payout_paid',
    payoutId: payout.id,
    description: `Payout sent, ${payout.reference}${payout.note ? `: ${payout.note}` : ''}`,
    lines: pair(
      creatorAccounts.payouts(payout.creatorUserId),
      creatorAccounts.cash,
      payout.amount,
      payout.currency,
    ),
    now,
  };
}

/** A payout that failed, or came back after it was sent: the money is available again. */
export function payoutReturnedPosting(payout: PayoutRecord, reason: string, now: Date): CreatorLedgerPosting {
  return {
    kind: 'payout_returned',
    payoutId: payout.id,
    description: `Payout returned, ${payout.reference}: ${reason}`,
    lines: pair(
      creatorAccounts.payouts(payout.creatorUserId),
      creatorAccounts.earnings(payout.creatorUserId),
      payout.amount,
      payout.currency,
    ),
    now,
  };
}

/** A paid transfer the bank sent back: the exact negation of its `payout_paid`, before it is returned. */
export function payoutReversedPosting(payout: PayoutRecord, now: Date): CreatorLedgerPosting {
  return {
    kind: 'payout_reversed',
    payoutId: payout.id,
    description: `Payout reversed by the bank, ${payout.reference}`,
    lines: pair(
      creatorAccounts.cash,
      creatorAccounts.payouts(payout.creatorUserId),
      payout.amount,
      payout.currency,
    ),
    now,
  };
}
