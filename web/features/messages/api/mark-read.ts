import { api } from '../../../lib/api-client.ts';

/** POST /api/conversations/:id/read: the other side sees the receipt at once. */
export async function markConversationRead(conversationId: string): Promise<void> {
  await api.post(`/conversations/${encodeURIComponent(conversationId)}/read`);
}
