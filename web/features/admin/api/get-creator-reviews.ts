import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import {
  type CreatorReviewList,
  type CreatorStatus,
  creatorReviewListSchema,
} from '#common/schemas/creators.ts';
import { api } from '../../../lib/api-client.ts';

export const REVIEWS_PAGE_SIZE = 20;

/** GET /api/admin/creators?status=&limit=&cursor= (403 for anyone but an admin). */
export async function getCreatorReviews(
  status: CreatorStatus,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<CreatorReviewList> {
  const body = await api.get('/admin/creators', {
    query: { status, limit: REVIEWS_PAGE_SIZE, cursor: cursor ?? undefined },
    signal,
  });
  return creatorReviewListSchema.parse(body);
}

export function creatorReviewsQueryOptions(status: CreatorStatus) {
  return infiniteQueryOptions({
    queryKey: ['admin', 'creators', status],
    queryFn: ({ pageParam, signal }) => getCreatorReviews(status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useCreatorReviews(status: CreatorStatus) {
  return useInfiniteQuery(creatorReviewsQueryOptions(status));
}
