import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CreatorSummary, creatorListResponseSchema } from '#common/schemas/creators.ts';
import { api } from '../../../lib/api-client.ts';

export const SUGGESTED_CREATORS_LIMIT = 5;

/** GET /api/creators?limit=5: a few creators to suggest beside the page. */
export async function getSuggestedCreators(limit: number, signal?: AbortSignal): Promise<CreatorSummary[]> {
  const body = await api.get('/creators', { query: { limit }, signal });
  return creatorListResponseSchema.parse(body).items;
}

export function suggestedCreatorsQueryOptions(limit = SUGGESTED_CREATORS_LIMIT) {
  return queryOptions({
    queryKey: ['creators', 'suggested', { limit }],
    queryFn: ({ signal }) => getSuggestedCreators(limit, signal),
  });
}

export function useSuggestedCreators(limit = SUGGESTED_CREATORS_LIMIT) {
  return useQuery(suggestedCreatorsQueryOptions(limit));
}
