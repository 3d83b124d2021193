import type { LedgerLine, LedgerPosting } from '../../../repositories/billing/core/ledger.repository.ts';

type Account = LedgerLine['account'];

/**
 * The platform's side of the chart of accounts, shared by agent plans and fan payments
 * (docs/ARCHITECTURE.md, "Billing core"). Debits are positive, credits negative; every posting sums
 * to zero per currency.
 */
export const platformAccounts = {
  cash: {
    id: 'platform:cash',
    kind: 'asset',
    description: 'Money received through the payment provider',
  } satisfies Account,
  heldFor: (userId: string): Account => ({
    id: `user:${userId}:payments`,
    kind: 'liability',
    description: 'Money received from this user that is owed back (card checks, refused payments)',
  }),
};

export const line = (account: Account, amount: number, currency: string): LedgerLine => ({
  account,
  amount,
  currency,
});

/** `amount` debited to one account and credited to another, the debit first. */
export const pair = (debit: Account, credit: Account, amount: number, currency: string): LedgerLine[] => [
  line(debit, amount, currency),
  line(credit, -amount, currency),
];

/**
 * Money that arrived but buys nothing (a wrong amount, nothing left to activate or already bought):
 * held for the buyer until it is refunded, in what arrived. `link` names the payment's table.
 */
export function refusedPosting(
  link: { paymentId: string } | { fanPaymentId: string },
  payment: { reference: string; buyerId: string },
  received: { amount: number; currency: string },
  reason: string,
  now: Date,
): LedgerPosting {
  return {
    kind: 'refused_charge',
    ...link,
    description: `Refused ${payment.reference}: ${reason}`,
    lines: pair(
      platformAccounts.cash,
      platformAccounts.heldFor(payment.buyerId),
      received.amount,
      received.currency,
    ),
    now,
  };
}
