import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CreatorSummary } from '#common/schemas/creators.ts';
import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';

/** The top bar's dropdown shows a few; Discover's results list as many as the server gives. */
export const SUGGESTION_LIMIT = 6;
export const RESULTS_LIMIT = 50;

function fail(): never {
  throw new Error('Unexpected answer from the server (search)');
}

/**
 * Checked by hand rather than with the zod schema: the search box sits in every page's layout, and
 * zod would add ~37 KB gzipped to the first page. The server validates the answer before sending it.
 */
export function readSearchResults(body: unknown): CreatorSummary[] {
  if (typeof body !== 'object' || body === null || !Array.isArray((body as { items?: unknown }).items))
    fail();
  const items = (body as { items: unknown[] }).items;
  for (const item of items) {
    const record = item as Partial<Record<keyof CreatorSummary, unknown>> | null;
    if (typeof record?.id !== 'string' || typeof record.handle !== 'string') fail();
    if (typeof record.displayName !== 'string') fail();
  }
  return items as CreatorSummary[];
}

/** GET /api/search?q=&limit= : approved creators by name or handle, typo-tolerant, best first. */
export async function searchCreators(query: string, limit: number, signal?: AbortSignal) {
  return readSearchResults(await api.get('/search', { query: { q: query, limit }, signal }));
}

/**
 * Under 'creators' so following someone refreshes the results' buttons; keyed by viewer because a
 * signed-in answer says whom they follow.
 */
export function searchCreatorsQueryOptions(query: string, limit: number, userId: string | null) {
  return queryOptions({
    queryKey: ['creators', 'search', { query, limit, userId }],
    queryFn: ({ signal }) => searchCreators(query, limit, signal),
    staleTime: 30_000,
  });
}

/**
 * Nothing is asked for an empty query. As-you-type suggestions keep the previous answer while the
 * next loads and do not retry a failure (the next keystroke asks again anyway).
 */
export function useSearchCreators(query: string, limit: number, options: { asYouType?: boolean } = {}) {
  const userId = useSession()?.user.id ?? null;
  return useQuery({
    ...searchCreatorsQueryOptions(query, limit, userId),
    enabled: query !== '',
    ...(options.asYouType ? { placeholderData: keepPreviousData, retry: false } : {}),
  });
}
