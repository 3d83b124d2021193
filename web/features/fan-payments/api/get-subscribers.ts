import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import {
  type SubscriberList,
  type SubscriberStatus,
  subscriberListSchema,
} from '#common/schemas/fan-payments.ts';
import { filterQuery, type ListFilters } from '../../../components/paged-list/filters.ts';
import { api } from '../../../lib/api-client.ts';
import { fanPaymentKeys } from './keys.ts';

export const SUBSCRIBERS_PAGE_SIZE = 20;
export type SubscriberFilters = ListFilters<SubscriberStatus>;

/** GET /api/creators/me/subscribers?q=&status=&from=&to=: the creator's subscribers, newest first. */
export async function getSubscribers(
  filters: SubscriberFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<SubscriberList> {
  const body = await api.get('/creators/me/subscribers', {
    query: { ...filterQuery(filters), limit: SUBSCRIBERS_PAGE_SIZE, cursor: cursor ?? undefined },
    signal,
  });
  return subscriberListSchema.parse(body);
}

export function subscribersQueryOptions(userId: string, filters: SubscriberFilters) {
  return infiniteQueryOptions({
    queryKey: [...fanPaymentKeys.subscribers, userId, filters],
    queryFn: ({ pageParam, signal }) => getSubscribers(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useSubscribers(userId: string, filters: SubscriberFilters) {
  return useInfiniteQuery({ ...subscribersQueryOptions(userId, filters), placeholderData: keepPreviousData });
}
