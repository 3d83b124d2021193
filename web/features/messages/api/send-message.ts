import type { ChatMessage } from '#common/schemas/messages.ts';
import { api } from '../../../lib/api-client.ts';
import { readMessage } from './read-response.ts';

/** POST /api/conversations/:id/messages; a retry with the same clientId is stored once. */
export async function sendMessage(
  conversationId: string,
  input: { text: string; clientId: string; mediaIds?: string[]; price?: string },
): Promise<ChatMessage> {
  const body = await api.post(`/conversations/${encodeURIComponent(conversationId)}/messages`, input);
  return readMessage(body);
}
