import type { ChatMessage, Conversation, Person } from '../../common/schemas/messages.ts';
import { canReportMessage } from '../policies/messages.ts';
import type {
  ConversationRow,
  MessageRecord,
  PersonRecord,
} from '../repositories/conversations.repository.ts';
import { presentMessageTip } from './tips.ts';

/** Someone in a conversation as the other side sees them: a creator's page name, never an email. */
export function presentPerson(person: PersonRecord): Person {
  const approved = person.creator?.status === 'approved' ? person.creator : null;
  return {
    id: person.id,
    name: approved?.displayName ?? (`${person.firstName} ${person.lastName}`.trim() || 'Fanplace member'),
    handle: approved?.handle ?? null,
    avatarUrl: approved?.avatarUrl ?? person.profileImage,
  };
}

/** A message as one member of its conversation (`viewerId`) sees it. */
export function presentMessage(message: MessageRecord, viewerId: string): ChatMessage {
  return {
    id: message.id,
    conversationId: message.conversationId,
    senderId: message.senderId,
    text: message.body,
    clientId: message.clientId,
    createdAt: message.createdAt.toISOString(),
    tip: presentMessageTip(message),
    canReport: canReportMessage(viewerId, message),
  };
}

/**
 * A conversation for one member. `refusal` is why this viewer may not write now
 * (server/policies/messages.ts), or null: it becomes `canSend` and its reason.
 */
export function presentConversation(
  viewerId: string,
  { conversation, member, otherReadAt }: ConversationRow,
  other: PersonRecord,
  lastMessage: MessageRecord | null,
  refusal: string | null,
): Conversation {
  const unread =
    lastMessage !== null &&
    lastMessage.senderId !== viewerId &&
    (member.lastReadAt === null || lastMessage.createdAt > member.lastReadAt);
  return {
    id: conversation.id,
    other: presentPerson(other),
    lastMessage: lastMessage ? presentMessage(lastMessage, viewerId) : null,
    unread,
    otherReadAt: otherReadAt?.toISOString() ?? null,
    canSend: refusal === null,
    cannotSendReason: refusal,
    updatedAt: conversation.updatedAt.toISOString(),
  };
}

/** The `message.read` event: who read the conversation, and when. */
export const presentReadReceipt = (conversationId: string, readerId: string, readAt: Date) => ({
  conversationId,
  readerId,
  readAt: readAt.toISOString(),
});
