import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Conversation } from '#common/schemas/messages.ts';
import { api } from '../../../lib/api-client.ts';
import { messageKeys } from './keys.ts';
import { readConversation } from './read-response.ts';

/** GET /api/conversations/:id: one of the viewer's conversations, with whether they may write. */
export async function getConversation(id: string, signal?: AbortSignal): Promise<Conversation> {
  return readConversation(await api.get(`/conversations/${encodeURIComponent(id)}`, { signal }));
}

export function conversationQueryOptions(userId: string, id: string) {
  return queryOptions({
    queryKey: messageKeys.conversation(userId, id),
    queryFn: ({ signal }) => getConversation(id, signal),
    staleTime: 5 * 60_000,
  });
}

export function useConversation(userId: string, id: string, placeholder?: Conversation) {
  return useQuery({ ...conversationQueryOptions(userId, id), placeholderData: placeholder });
}
