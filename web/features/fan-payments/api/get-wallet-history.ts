import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { type WalletHistory, walletHistorySchema } from '#common/schemas/fan-payments.ts';
import { api } from '../../../lib/api-client.ts';
import { fanPaymentKeys } from './keys.ts';

/** GET /api/wallet/history?cursor=: earlier wallet lines, after the first page the wallet carries. */
export async function getWalletHistory(cursor: string, signal?: AbortSignal): Promise<WalletHistory> {
  return walletHistorySchema.parse(await api.get('/wallet/history', { query: { cursor }, signal }));
}

/** Pages after `startCursor`; asked for only when the creator wants more. */
export function walletHistoryQueryOptions(userId: string, startCursor: string) {
  return infiniteQueryOptions({
    queryKey: fanPaymentKeys.walletHistory(userId, startCursor),
    queryFn: ({ pageParam, signal }) => getWalletHistory(pageParam, signal),
    initialPageParam: startCursor,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export function useWalletHistory(userId: string, startCursor: string | null, enabled: boolean) {
  return useInfiniteQuery({
    ...walletHistoryQueryOptions(userId, startCursor ?? ''),
    enabled: enabled && startCursor !== null,
  });
}
