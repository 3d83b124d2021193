import type { PaymentRecord } from '../../../repositories/billing/agent-plans/agent-plan-payments.repository.ts';
import type { LedgerPosting } from '../../../repositories/billing/core/ledger.repository.ts';
import { pair, platformAccounts } from '../core/ledger.ts';

/** The agent plans' accounts: the platform's (core/ledger.ts) and the plans' revenue. */
export const ledgerAccounts = {
  ...platformAccounts,
  revenue: { id: 'platform:revenue', kind: 'revenue', description: 'Agent plan revenue' },
} as const;

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

/** Which posting a refund of this payment reverses. */
export function refundedKind(payment: PaymentRecord): 'card_check' | 'refused_charge' | 'charge' {
  if (payment.status === 'refused') return 'refused_charge';
  return payment.purpose === 'trial_authorization' ? 'card_check' : 'charge';
}
