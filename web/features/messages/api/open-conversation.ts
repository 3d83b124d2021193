import type { Conversation } from '#common/schemas/messages.ts';
import { api } from '../../../lib/api-client.ts';
import { readConversation } from './read-response.ts';

/** POST /api/conversations: the conversation with this user, started if new. */
export async function openConversation(userId: string): Promise<Conversation> {
  return readConversation(await api.post('/conversations', { userId }));
}
