import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { payoutHistorySchema } from '#common/schemas/payouts.ts';
import { api } from '../../../lib/api-client.ts';
import { payoutKeys } from './keys.ts';

export const PAYOUTS_PAGE_SIZE = 20;
export type PayoutHistoryPage = z.infer<typeof payoutHistorySchema>;

/** GET /api/payouts?cursor=&limit=: the creator's payouts, newest first. */
export async function getPayouts(cursor: string | null, signal?: AbortSignal): Promise<PayoutHistoryPage> {
  const body = await api.get('/payouts', {
    query: { cursor: cursor ?? undefined, limit: PAYOUTS_PAGE_SIZE },
    signal,
  });
  return payoutHistorySchema.parse(body);
}

export function payoutsQueryOptions(userId: string) {
  return infiniteQueryOptions({
    queryKey: payoutKeys.history(userId),
    queryFn: ({ pageParam, signal }) => getPayouts(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function usePayouts(userId: string, enabled = true) {
  return useInfiniteQuery({ ...payoutsQueryOptions(userId), enabled });
}
