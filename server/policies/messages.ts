import { messageMessages } from '../../common/schemas/messages.ts';
import { conflict as conflictError, forbidden, notFound } from '../errors.ts';
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

/** Only an approved creator attaches photos and videos to a message (and may ask a price for them). */
export function canAttachMedia(sender: PersonRecord): boolean {
  return sender.creator?.status === 'approved';
}

/**
 * Who sees a message's items in full: its sender, anyone when it has no price, and the other side
 * once they paid for it. Everyone else gets the blurred previews. Across a block (either way) the
 * other side's items are previews only, bought or not: a block hides a creator's content, what
 * was bought included, until it is lifted (the purchase stays on record).
 */
export function isEntitledToMessage(
  viewerId: string,
  message: { senderId: string; priceCents: number | null },
  facts: { purchased: boolean; blocked: boolean },
): boolean {
  if (message.senderId === viewerId) return true;
  return !facts.blocked && (message.priceCents === null || facts.purchased);
}

/** Whether the viewer may pay to see a message's items (the web shows "Unlock" from this). */
export function canUnlockMessage(
  viewerId: string,
  message: { senderId: string; priceCents: number | null },
  facts: { recipientId: string; purchased: boolean; hasItems: boolean; blocked: boolean },
): boolean {
  return (
    message.senderId !== viewerId &&
    facts.recipientId === viewerId &&
    message.priceCents !== null &&
    facts.hasItems &&
    !facts.purchased &&
    !facts.blocked
  );
}

/**
 * Throws unless the viewer may start paying for the message: it was sent to them, it has a price,
 * the sender's creator page is approved, neither side blocked the other, and they do not own it yet.
 */
export function assertCanUnlockMessage(
  viewerId: string,
  message: { senderId: string; priceCents: number | null },
  facts: {
    recipientId: string;
    hasItems: boolean;
    sellerApproved: boolean;
    blocked: boolean;
    owned: boolean;
  },
): void {
  if (message.senderId === viewerId) throw forbidden(messageMessages.ownMessage);
  if (facts.recipientId !== viewerId) throw notFound(messageMessages.messageNotFound);
  if (facts.blocked) throw forbidden(messageMessages.blocked);
  if (message.priceCents === null || !facts.hasItems || !facts.sellerApproved)
    throw forbidden(messageMessages.notForSale);
  if (facts.owned) throw conflictError(messageMessages.alreadyUnlocked);
}

/** Mass messages and lists of fans are an approved creator's tools. */
export function canSendMassMessages(creator: { status: string } | null): boolean {
  return creator?.status === 'approved';
}
