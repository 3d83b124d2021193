/**
 * Query keys of fan payments. Everything money-related sits under `fan-payments`, so a settled
 * payment refreshes it all at once. Purchased posts are a post list of features/posts, under `posts`.
 */
export const fanPaymentKeys = {
  all: ['fan-payments'] as const,
  creatorSubscription: (handle: string, userId: string | null) =>
    ['fan-payments', 'creator-subscription', handle, userId] as const,
  mySubscriptions: (userId: string) => ['fan-payments', 'my-subscriptions', userId] as const,
  subscribers: ['fan-payments', 'subscribers'] as const,
  transactions: ['fan-payments', 'transactions'] as const,
  transaction: (id: string) => ['fan-payments', 'transaction', id] as const,
  /** The card one-tap payments use (brand and last four digits). */
  savedCard: (userId: string) => ['fan-payments', 'saved-card', userId] as const,
  wallet: (userId: string) => ['fan-payments', 'wallet', userId] as const,
  walletHistory: (userId: string, startCursor: string) =>
    ['fan-payments', 'wallet-history', userId, startCursor] as const,
};
