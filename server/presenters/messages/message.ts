import type {
  ChatMessage,
  Conversation,
  ConversationList,
  MessagePage,
  Person,
  PurchasedMessageList,
} from '../../../common/schemas/messages.ts';
import { messagePricing } from '../../../common/schemas/messages.ts';
import { actorOf, can } from '../../policies/access.ts';
import type { MediaRecord } from '../../repositories/media/media.repository.ts';
import type {
  ConversationRow,
  MessageRecord,
  PersonRecord,
} from '../../repositories/messages/conversations.repository.ts';
import type { MediaLinks } from '../../services/media/links.ts';
import type {
  ConversationFacts,
  FactsPage,
  MessageFacts,
  PurchasedMessageFacts,
} from '../../services/messages/messages.service.ts';
import { presentMessageTip } from '../billing/tips.ts';
import { presentMedia } from '../media/media.ts';

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

/** The member a message is presented to, as the access funnel asks about them (their id is enough). */
const viewerOf = (viewerId: string) => actorOf({ id: viewerId, role: 'user' });

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
    canReport: can(viewerOf(viewerId), 'message:report', message),
  };
}

/** What one member knows of a message with items: its recipient, and whether they bought it. */
export interface MessageViewContext {
  viewerId: string;
  recipientId: string;
  items: MediaRecord[];
  purchased: boolean;
  /** A block either way between the viewer and the other member: their items show as previews only. */
  blocked?: boolean;
  links: MediaLinks;
}

/**
 * A message as one member sees it, with its photos and videos. Until the viewer may see them
 * (server/policies/actions/messages.ts), each item carries only its blurred preview: no link to an
 * original or a full rendition leaves the server.
 */
export async function presentChatMessage(
  message: MessageRecord,
  context: MessageViewContext,
): Promise<ChatMessage> {
  const base = presentMessage(message, context.viewerId);
  if (context.items.length === 0) return { ...base, attachment: null };
  const blocked = context.blocked ?? false;
  const viewer = viewerOf(context.viewerId);
  const priced = { senderId: message.senderId, priceCents: message.priceCents };
  const entitled = can(viewer, 'message:content', { ...priced, purchased: context.purchased, blocked });
  return {
    ...base,
    attachment: {
      items: await Promise.all(
        context.items.map((item) =>
          presentMedia(item, { entitled, links: context.links, viewerId: context.viewerId }),
        ),
      ),
      counts: {
        photos: context.items.filter((item) => item.kind === 'image').length,
        videos: context.items.filter((item) => item.kind === 'video').length,
      },
      price:
        message.priceCents === null
          ? null
          : { amount: message.priceCents, currency: messagePricing.currency },
      locked: !entitled,
      // The web's "Unlock": the seller's page is asked when the checkout starts.
      canUnlock: can(viewer, 'message:unlock', {
        ...priced,
        recipientId: context.recipientId,
        hasItems: true,
        sellerApproved: true,
        blocked,
        owned: context.purchased,
      }),
    },
  };
}

/**
 * A conversation for one member. `refusal` is why this viewer may not write now
 * (server/policies/actions/messages.ts), or null: it becomes `canSend` and its reason.
 */
export function presentConversation(
  viewerId: string,
  { conversation, member, otherReadAt }: ConversationRow,
  other: PersonRecord,
  lastMessage: MessageRecord | null,
  refusal: string | null,
  /** The viewer may attach photos and videos, and ask a price (server/policies/actions/messages.ts). */
  canAttachMedia: boolean,
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
    canAttachMedia: canAttachMedia && refusal === null,
    updatedAt: conversation.updatedAt.toISOString(),
  };
}

/** The `message.read` event: who read the conversation, and when. */
export const presentReadReceipt = (conversationId: string, readerId: string, readAt: Date) => ({
  conversationId,
  readerId,
  readAt: readAt.toISOString(),
});

/** A message as the service found it for one member (messages.service.ts `MessageFacts`). */
export const presentMessageView = (facts: MessageFacts): Promise<ChatMessage> =>
  presentChatMessage(facts.message, facts);

/** A conversation as the service found it for one member. */
export const presentConversationView = (facts: ConversationFacts): Conversation =>
  presentConversation(
    facts.viewerId,
    facts.row,
    facts.other,
    facts.lastMessage,
    facts.refusal,
    facts.canAttachMedia,
  );

/** A page of the member's conversations, most recent first. */
export const presentConversationList = (page: FactsPage<ConversationFacts>): ConversationList => ({
  items: page.rows.map(presentConversationView),
  nextCursor: page.nextCursor,
});

/** A page of one conversation's messages, oldest first. */
export const presentMessagePage = async (page: FactsPage<MessageFacts>): Promise<MessagePage> => ({
  items: await Promise.all(page.rows.map(presentMessageView)),
  nextCursor: page.nextCursor,
});

/** A page of the pay-per-view messages the member unlocked, with who sent them. */
export const presentPurchasedMessages = async (
  page: FactsPage<PurchasedMessageFacts>,
): Promise<PurchasedMessageList> => ({
  items: await Promise.all(
    page.rows.map(async (row) => ({
      message: await presentMessageView(row.message),
      from: presentPerson(row.from),
      purchasedAt: row.purchasedAt.toISOString(),
    })),
  ),
  nextCursor: page.nextCursor,
});
