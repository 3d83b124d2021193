import { useInfiniteQuery } from '@tanstack/react-query';
import type { PurchasedMessageList } from '#common/schemas/messages.ts';
import { api } from '../../../lib/api-client.ts';
import { messageKeys } from './keys.ts';
import { readMessage } from './read-response.ts';

/** GET /api/me/purchased-messages: pay-per-view messages the user unlocked, latest first. */
export async function getPurchasedMessages(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<PurchasedMessageList> {
  const body = (await api.get('/me/purchased-messages', {
    query: { cursor: cursor ?? undefined },
    signal,
  })) as PurchasedMessageList;
  if (!Array.isArray(body?.items)) throw new Error('Unexpected answer from the server (purchased messages)');
  for (const item of body.items) readMessage(item.message);
  return body;
}

export function usePurchasedMessages(userId: string) {
  return useInfiniteQuery({
    queryKey: messageKeys.purchased(userId),
    queryFn: ({ pageParam, signal }) => getPurchasedMessages(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
