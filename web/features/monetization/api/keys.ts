/**
 * Query keys of fan monetization. Everything money-related sits under `monetization`, so a settled
 * payment refreshes it all at once; purchased posts sit under `posts` with the other post lists, so
 * a post's like or deletion reaches that list too.
 */
export const monetizationKeys = {
  all: ['monetization'] as const,
  creatorSubscription: (handle: string, userId: string | null) =>
    ['monetization', 'creator-subscription', handle, userId] as const,
  mySubscriptions: (userId: string) => ['monetization', 'my-subscriptions', userId] as const,
  subscribers: ['monetization', 'subscribers'] as const,
  transactions: ['monetization', 'transactions'] as const,
  transaction: (id: string) => ['monetization', 'transaction', id] as const,
  wallet: (userId: string) => ['monetization', 'wallet', userId] as const,
  walletHistory: (userId: string, startCursor: string) =>
    ['monetization', 'wallet-history', userId, startCursor] as const,
  adminPayouts: ['monetization', 'admin-payouts'] as const,
  purchases: (userId: string) => ['posts', 'purchased', userId] as const,
};
