import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { MessagePage } from '#common/schemas/messages.ts';
import { api } from '../../../lib/api-client.ts';
import { messageKeys } from './keys.ts';
import { readMessagePage } from './read-response.ts';

/** Pages newest first: `pages[0]` holds the latest messages, each next page older ones. */
export type ThreadPages = InfiniteData<MessagePage, string | null>;

/** GET /api/conversations/:id/messages: one keyset page, oldest first within the page. */
export async function getMessages(
  conversationId: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<MessagePage> {
  const body = await api.get(`/conversations/${encodeURIComponent(conversationId)}/messages`, {
    query: { cursor: cursor ?? undefined },
    signal,
  });
  return readMessagePage(body);
}

export function threadQueryOptions(userId: string, conversationId: string) {
  return infiniteQueryOptions<MessagePage, Error, ThreadPages, readonly unknown[], string | null>({
    queryKey: messageKeys.thread(userId, conversationId),
    queryFn: ({ pageParam, signal }) => getMessages(conversationId, pageParam, signal),
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 5 * 60_000,
  });
}

export function useThread(userId: string, conversationId: string) {
  return useInfiniteQuery(threadQueryOptions(userId, conversationId));
}
