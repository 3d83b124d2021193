import type { LedgerLine, LedgerPosting } from '../../repositories/ledger.repository.ts';
import type { PaymentRecord } from '../../repositories/payments.repository.ts';

/**
 * The chart of accounts for agent plans (ARCHITECTURE section 7). Debits are positive, credits
 * negative; every posting sums to zero per currency.
 */
export const ledgerAccounts = {
  cash: { id: 'platform:cash', kind: 'asset', description: 'Money received through the payment provider' },
  revenue: { id: 'platform:revenue', kind: 'revenue', description: 'Agent plan revenue' },
  heldFor: (userId: string) =>
    ({
      id: `user:${userId}:payments`,
      kind: 'liability',
      description: 'Money received from this user that is owed back (card checks, refused payments)',
    }) as const,
} as const;

const pair = (
  debit: LedgerLine['account'],
  credit: LedgerLine['account'],
  amount: number,
  currency: string,
) => [
  { account: debit, amount, currency },
  { account: credit, amount: -amount, currency },
];

/** A plan charge: the money is ours. Cash debit, revenue credit. */
export function planChargePosting(payment: PaymentRecord, now: Date): LedgerPosting {
  return {
    kind: 'charge',
    paymentId: payment.id,
    description: `${payment.purpose === 'renewal' ? 'Renewal' : 'First period'} of the ${payment.planId} plan (${payment.billingPeriod}), ${payment.reference}`,
    lines: pair(ledgerAccounts.cash, ledgerAccounts.revenue, payment.amount, payment.currency),
    now,
  };
}

/** The trial's card check: held for the user until it is refunded. */
export function cardCheckPosting(payment: PaymentRecord, now: Date): LedgerPosting {
  return {
    kind: 'card_check',
    paymentId: payment.id,
    description: `Card check for a ${payment.planId} trial, refunded, ${payment.reference}`,
    lines: pair(
      ledgerAccounts.cash,
      ledgerAccounts.heldFor(payment.userId),
      payment.amount,
      payment.currency,
    ),
    now,
  };
}

/** Money that arrived but buys nothing (wrong amount, nothing to activate): owed back, in what arrived. */
export function refusedChargePosting(
  payment: PaymentRecord,
  received: { amount: number; currency: string },
  reason: string,
  now: Date,
): LedgerPosting {
  return {
    kind: 'refused_charge',
    paymentId: payment.id,
    description: `Refused ${payment.reference}: ${reason}`,
    lines: pair(
      ledgerAccounts.cash,
      ledgerAccounts.heldFor(payment.userId),
      received.amount,
      received.currency,
    ),
    now,
  };
}

/** Which posting a refund of this payment reverses. */
export function refundedKind(payment: PaymentRecord): 'card_check' | 'refused_charge' | 'charge' {
  if (payment.status === 'refused') return 'refused_charge';
  return payment.purpose === 'trial_authorization' ? 'card_check' : 'charge';
}
