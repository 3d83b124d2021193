/** Messages: conversations, writing, attaching, paid messages, and a creator's mass messages and lists of fans. */
import { massMessageMessages } from '../../../common/schemas/mass-messages.ts';
import { messageMessages } from '../../../common/schemas/messages.ts';
import { safetyMessages } from '../../../common/schemas/safety.ts';
import type { PersonRecord } from '../../repositories/messages/conversations.repository.ts';
import { refuse } from '../actor.ts';
import { accountActions } from './accounts.ts';
import { isSelf, row } from './row.ts';

/** A paid message as its rules see it: who sent it and its price (null: free). */
export interface PricedMessageFacts {
  senderId: string;
  priceCents: number | null;
}

const massMessageRoutes = [
  'GET /api/mass-messages',
  'GET /api/mass-messages/audiences',
  'POST /api/mass-messages',
  'GET /api/mass-messages/:id',
  'GET /api/fan-lists',
  'POST /api/fan-lists',
  'DELETE /api/fan-lists/:id',
  'PUT /api/fan-lists/:id/members/:userId',
  'DELETE /api/fan-lists/:id/members/:userId',
] as const;

export const messageActions = {
  /**
   * A conversation is its two members' alone: to anyone else it does not exist. `member`: it was
   * found among the actor's conversations.
   */
  'conversation:use': row<{ member: boolean }>(
    [
      'GET /api/conversations/:id',
      'GET /api/conversations/:id/messages',
      'POST /api/conversations/:id/messages',
      'POST /api/conversations/:id/read',
    ],
    (actor, facts) =>
      actor.user !== null && facts.member ? null : refuse.notFound(messageMessages.notFound),
  ),
  /**
   * Opening the conversation with someone: not yourself, a verified email (as `account:act`), and
   * a person who exists with no block either way (404 otherwise, so a block is not told).
   */
  'conversation:open': row<{ otherId: string; found: boolean; blocked: boolean }>(
    ['POST /api/conversations'],
    (actor, facts) => {
      if (actor.user !== null && isSelf(actor, facts.otherId))
        return refuse.forbidden(messageMessages.yourself);
      const unverified = accountActions['account:act'].rule(actor, {});
      if (unverified) return unverified;
      if (!facts.found || facts.blocked) return refuse.notFound(messageMessages.userNotFound);
      return null;
    },
  ),
  /**
   * Writing to `recipient` now: not yourself, no block either way, a verified email, and a creator
   * who takes messages from subscribers only needs the sender to subscribe (the creator can always
   * write back). The refusal is told as EMAIL_NOT_VERIFIED to an unverified sender, whatever the
   * reason, and as FORBIDDEN otherwise; the conversation shows its words as `cannotSendReason`.
   */
  'message:write': row<{ recipient: PersonRecord; blocked: boolean; senderSubscribes: boolean }>(
    ['POST /api/conversations/:id/messages'],
    (actor, facts) => {
      const verified = actor.user?.isEmailVerified === true;
      const say = verified ? refuse.forbidden : refuse.unverified;
      if (actor.user === null || isSelf(actor, facts.recipient.id)) return say(messageMessages.yourself);
      if (facts.blocked) return say(messageMessages.blocked);
      if (!verified) return say(messageMessages.verify);
      const creator = facts.recipient.creator;
      if (creator?.messagesSubscribersOnly && !facts.senderSubscribes)
        return say(messageMessages.subscribersOnly(creator.displayName));
      return null;
    },
  ),
  /** Only an approved creator attaches photos and videos to a message (and may ask a price for them). */
  'message:attach-media': row<{ sender: Pick<PersonRecord, 'creator'> | null }>(
    ['POST /api/conversations/:id/messages'],
    (_actor, facts) =>
      facts.sender?.creator?.status === 'approved'
        ? null
        : refuse.forbidden(messageMessages.mediaCreatorsOnly),
  ),
  /** A message is its conversation's two members' (sender and recipient) alone: to anyone else it does not exist. */
  'message:member': row<{ senderId: string; recipientId: string } | null>(
    ['POST /api/messages/:id/unlock'],
    (actor, message) =>
      message !== null && (isSelf(actor, message.senderId) || isSelf(actor, message.recipientId))
        ? null
        : refuse.notFound(messageMessages.messageNotFound),
  ),
  /**
   * Seeing a message's items in full: its sender, anyone when it has no price, and the other side
   * once they paid for it. Everyone else gets the blurred previews (a presenter's choice, asked with
   * `can`). Across a block (either way) the other side's items are previews only, bought or not: a
   * block hides a creator's content, what was bought included, until it is lifted.
   */
  'message:content': row<PricedMessageFacts & { purchased: boolean; blocked: boolean }>(
    ['GET /api/conversations/:id/messages', 'GET /api/me/purchased-messages'],
    (actor, message) => {
      if (isSelf(actor, message.senderId)) return null;
      return !message.blocked && (message.priceCents === null || message.purchased)
        ? null
        : refuse.forbidden('This message is locked');
    },
  ),
  /**
   * Paying to see a message's items: it was sent to the actor, it has a price and items, the
   * sender's creator page is approved, neither side blocked the other, and it is not theirs yet.
   * The web shows "Unlock" from this (`sellerApproved` is then not asked: true).
   */
  'message:unlock': row<
    PricedMessageFacts & {
      recipientId: string;
      hasItems: boolean;
      sellerApproved: boolean;
      blocked: boolean;
      owned: boolean;
    }
  >(['POST /api/messages/:id/unlock'], (actor, message) => {
    if (actor.user === null) return refuse.notFound(messageMessages.messageNotFound);
    if (isSelf(actor, message.senderId)) return refuse.forbidden(messageMessages.ownMessage);
    if (!isSelf(actor, message.recipientId)) return refuse.notFound(messageMessages.messageNotFound);
    if (message.blocked) return refuse.forbidden(messageMessages.blocked);
    if (message.priceCents === null || !message.hasItems || !message.sellerApproved)
      return refuse.forbidden(messageMessages.notForSale);
    if (message.owned) return refuse.conflict(messageMessages.alreadyUnlocked);
    return null;
  }),
  /** A message is reported to the moderators by the other member of its conversation, never its sender. */
  'message:report': row<{ senderId: string }>(['POST /api/reports'], (actor, message) =>
    actor.user !== null && !isSelf(actor, message.senderId)
      ? null
      : refuse.notFound(safetyMessages.reportTargetNotFound),
  ),

  /** Mass messages and lists of fans are an approved creator's tools. */
  'mass-message:send': row<{ creator: { status: string } | null }>(massMessageRoutes, (_actor, facts) =>
    facts.creator?.status === 'approved' ? null : refuse.forbidden(massMessageMessages.creatorsOnly),
  ),
  /** A mass message is its sender's alone: to anyone else it does not exist. */
  'mass-message:view': row<{ senderId: string | null }>(['GET /api/mass-messages/:id'], (actor, facts) =>
    facts.senderId !== null && isSelf(actor, facts.senderId)
      ? null
      : refuse.notFound(massMessageMessages.notFound),
  ),
  /** A list of fans is its creator's alone. `owned`: it was found among the actor's lists. */
  'fan-list:use': row<{ owned: boolean }>(
    [
      'DELETE /api/fan-lists/:id',
      'PUT /api/fan-lists/:id/members/:userId',
      'DELETE /api/fan-lists/:id/members/:userId',
    ],
    (actor, facts) =>
      actor.user !== null && facts.owned ? null : refuse.notFound(massMessageMessages.listNotFound),
  ),
  /** Only the creator's own fans (a subscriber now or before, or a follower) go on a list. */
  'fan-list:add': row<{ isFan: boolean }>(['PUT /api/fan-lists/:id/members/:userId'], (_actor, facts) =>
    facts.isFan ? null : refuse.notFound(massMessageMessages.notYourFan),
  ),
} as const;
