/**
 * Query keys of the admin payouts page. The list is under `['admin', 'payouts']`, so an action on a
 * payout refreshes every filter at once; rates and the reconciliation are apart, since no payout
 * action changes them.
 */
export const adminPayoutKeys = {
  all: ['admin', 'payouts'] as const,
  list: (filter: string) => ['admin', 'payouts', 'list', filter] as const,
  exchangeRates: ['admin', 'exchange-rates'] as const,
  reconcile: ['admin', 'payout-reconcile'] as const,
};
