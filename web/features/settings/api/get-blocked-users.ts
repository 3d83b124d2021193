import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { BlockedUser } from '#common/schemas/safety.ts';
import { api } from '../../../lib/api-client.ts';

export const BLOCKS_PAGE_SIZE = 20;

export interface BlockedUserPage {
  items: BlockedUser[];
  nextCursor: string | null;
}

/** GET /api/me/blocks?q=&cursor=&limit=: the people you blocked, newest first; `q` searches emails. */
export async function getBlockedUsers(
  query: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<BlockedUserPage> {
  // The schema (and zod) loads with the first answer it checks: a profile page links here via unblock.
  const [body, { blockedUserListSchema }] = await Promise.all([
    api.get('/me/blocks', {
      query: { q: query || undefined, limit: BLOCKS_PAGE_SIZE, cursor: cursor ?? undefined },
      signal,
    }),
    import('#common/schemas/safety.ts'),
  ]);
  return blockedUserListSchema.parse(body);
}

export const blockedUsersKey = ['safety', 'blocks'] as const;

export function blockedUsersQueryOptions(query: string) {
  return infiniteQueryOptions({
    queryKey: [...blockedUsersKey, query],
    queryFn: ({ pageParam, signal }) => getBlockedUsers(query, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** While a new search runs, the previous list stays on screen instead of a skeleton. */
export function useBlockedUsers(query: string) {
  return useInfiniteQuery({ ...blockedUsersQueryOptions(query), placeholderData: keepPreviousData });
}
