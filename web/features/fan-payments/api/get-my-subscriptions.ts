import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { type FanSubscriptionList, fanSubscriptionListSchema } from '#common/schemas/fan-payments.ts';
import { api } from '../../../lib/api-client.ts';
import { fanPaymentKeys } from './keys.ts';

/** GET /api/me/subscriptions?cursor=: the creators the viewer subscribes (or subscribed) to, newest first. */
export async function getMySubscriptions(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<FanSubscriptionList> {
  const body = await api.get('/me/subscriptions', { query: { cursor: cursor ?? undefined }, signal });
  return fanSubscriptionListSchema.parse(body);
}

export function mySubscriptionsQueryOptions(userId: string) {
  return infiniteQueryOptions({
    queryKey: fanPaymentKeys.mySubscriptions(userId),
    queryFn: ({ pageParam, signal }) => getMySubscriptions(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useMySubscriptions(userId: string) {
  return useInfiniteQuery(mySubscriptionsQueryOptions(userId));
}
