import { messageMessages } from '../../common/schemas/messages.ts';
import type { PersonRecord } from '../repositories/conversations.repository.ts';

/** A message is reported to the moderators by the other member of its conversation, never its sender. */
export const canReportMessage = (viewerId: string, message: { senderId: string }) =>
  message.senderId !== viewerId;

/**
 * Why `sender` may not write to `recipient` now, or null when they may. Either side of a block,
 * an unverified sender, and a creator who takes messages from subscribers only (unless the sender
 * subscribes) stop a message; the creator themselves can always write back.
 */
export function messageRefusal(facts: {
  sender: Pick<PersonRecord, 'id' | 'isEmailVerified'>;
  recipient: PersonRecord;
  blocked: boolean;
  senderSubscribes: boolean;
}): string | null {
  if (facts.sender.id === facts.recipient.id) return messageMessages.yourself;
  if (facts.blocked) return messageMessages.blocked;
  if (!facts.sender.isEmailVerified) return messageMessages.verify;
  const creator = facts.recipient.creator;
  if (creator?.messagesSubscribersOnly && !facts.senderSubscribes) {
    return messageMessages.subscribersOnly(creator.displayName);
  }
  return null;
}
