/**
 * Query keys of payouts. The creator's settings and payout history sit under `fan-payments`, so a
 * payout request (which refreshes every money screen) refreshes them with the wallet. The banks of a
 * country are the provider's list, the same for everyone.
 */
export const payoutKeys = {
  all: ['fan-payments', 'payouts'] as const,
  settings: (userId: string) => ['fan-payments', 'payouts', 'settings', userId] as const,
  history: (userId: string) => ['fan-payments', 'payouts', 'history', userId] as const,
  banks: (country: string, type: 'bank' | 'mobile_money') => ['payout-banks', country, type] as const,
};
