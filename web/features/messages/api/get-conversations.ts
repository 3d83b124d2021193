import {
  type InfiniteData,
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
} from '@tanstack/react-query';
import type { ConversationList } from '#common/schemas/messages.ts';
import { api } from '../../../lib/api-client.ts';
import { messageKeys } from './keys.ts';
import { readConversationList } from './read-response.ts';

export const CONVERSATION_PAGE_SIZE = 30;

export type ConversationPages = InfiniteData<ConversationList, string | null>;

/** GET /api/conversations: most recent first; `q` filters by name or handle. */
export async function getConversations(
  query: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ConversationList> {
  const body = await api.get('/conversations', {
    query: { q: query || undefined, cursor: cursor ?? undefined, limit: CONVERSATION_PAGE_SIZE },
    signal,
  });
  return readConversationList(body);
}

export function conversationsQueryOptions(userId: string, query = '') {
  return infiniteQueryOptions<ConversationList, Error, ConversationPages, readonly unknown[], string | null>({
    queryKey: messageKeys.list(userId, query),
    queryFn: ({ pageParam, signal }) => getConversations(query, pageParam, signal),
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor,
    // The event stream keeps the list current; a refetch is only needed after a reconnect.
    staleTime: 5 * 60_000,
  });
}

/** While a new search loads, the previous results stay on screen. */
export function useConversations(userId: string, query = '') {
  return useInfiniteQuery({ ...conversationsQueryOptions(userId, query), placeholderData: keepPreviousData });
}
