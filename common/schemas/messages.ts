import { z } from 'zod';
import { limits } from '../limits.ts';
import { mediaSchema } from './media.ts';
import { chargeProblem, itemCountsSchema, postPricing } from './posts.ts';

export const messageLimits = {
  maxLength: 2000,
  /** Messages one user may send per minute. */
  perMinute: 30,
  pageSize: 30,
  /** Photos and videos one message may carry. */
  itemsMax: 10,
} as const;

/** The wording users see (spec section 5 and what the rules need). */
export const messageMessages = {
  blank: 'Please write a message',
  tooLong: `Messages can be at most ${messageLimits.maxLength} characters`,
  selectConversation: 'Select a conversation',
  chooseChat: 'Choose a chat from the sidebar to start messaging',
  notFound: 'Conversation not found',
  userNotFound: 'User not found',
  yourself: 'You cannot message yourself',
  blocked: 'You cannot message this person',
  verify: 'Please verify your email address to send messages',
  subscribersOnly: (name: string) =>
    `${name} only accepts messages from subscribers. Subscribe to message them.`,
  tooMany: 'You are sending messages too fast. Please wait a moment',
  mediaCreatorsOnly: 'Only approved creators can attach photos and videos to messages',
  mediaNotFound: 'One of the attached photos or videos was not found. Please attach it again',
  tooManyItems: `A message can carry at most ${messageLimits.itemsMax} photos and videos`,
  repeatedItem: 'The same photo or video is attached twice',
  priceNeedsMedia: 'Attach a photo or video to set a price',
  messageNotFound: 'Message not found',
  notForSale: 'This message has nothing to unlock',
  ownMessage: 'This is your own message',
  alreadyUnlocked: 'You already unlocked this message',
} as const;

export const personSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The creator handle when the person is a creator. */
  handle: z.string().nullable(),
  avatarUrl: z.string().nullable(),
});
export type Person = z.infer<typeof personSchema>;

export const chatMessageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  senderId: z.string(),
  text: z.string(),
  /** The sender's own id for this message, so a retried send is stored once. */
  clientId: z.string().nullable(),
  createdAt: z.string(),
  /**
   * Set when the message is a fan's tip to a creator (common/schemas/tips.ts): the amount in cents;
   * `text` is then the fan's note, maybe empty. Made by the server once the payment settled.
   */
  tip: z.object({ amount: z.number().int(), currency: z.string() }).nullable().optional(),
  /** Whether this viewer may report the message (server/policies/actions/messages.ts; the web app only shows). */
  canReport: z.boolean(),
  /**
   * Photos and videos attached by a creator, maybe for a price. While `locked`, `items` carry only
   * their blurred previews (never a link to the originals) and `counts` says what is inside; once
   * unlocked (or for the sender) they carry the full renditions. Null in a conversation's preview
   * (`lastMessage`) and on messages without items.
   */
  attachment: z
    .object({
      items: z.array(mediaSchema),
      counts: itemCountsSchema,
      price: z.object({ amount: z.number().int(), currency: z.string() }).nullable(),
      locked: z.boolean(),
      /** The viewer may pay to see the items (server/policies/actions/messages.ts). */
      canUnlock: z.boolean(),
    })
    .nullable()
    .optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const conversationSchema = z.object({
  id: z.string(),
  other: personSchema,
  lastMessage: chatMessageSchema.nullable(),
  /** The viewer has messages they have not opened. */
  unread: z.boolean(),
  /** When the other side last opened the conversation (read receipts). */
  otherReadAt: z.string().nullable(),
  /** Whether the viewer may write here, and if not why (shown instead of the composer). */
  canSend: z.boolean(),
  cannotSendReason: z.string().nullable(),
  /** The viewer (an approved creator) may attach photos and videos to a message, and ask a price. */
  canAttachMedia: z.boolean(),
  updatedAt: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationListSchema = z.object({
  items: z.array(conversationSchema),
  nextCursor: z.string().nullable(),
});
export type ConversationList = z.infer<typeof conversationListSchema>;

/** POST /api/conversations: opens (or starts) the conversation with a user. */
export const openConversationSchema = z.object({ userId: z.uuid({ error: messageMessages.userNotFound }) });

/** GET /api/conversations/:id/messages?cursor= : newest page first; `nextCursor` loads older ones. */
export const messagePageSchema = z.object({
  /** Oldest first within the page. */
  items: z.array(chatMessageSchema),
  nextCursor: z.string().nullable(),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

export const sendMessageSchema = z
  .object({
    text: z.string({ error: messageMessages.blank }).max(messageLimits.maxLength, messageMessages.tooLong),
    clientId: z.string().min(1).max(64).optional(),
    /** Photos and videos to attach, in order: the sender's own uploads (an approved creator's). */
    mediaIds: z.array(z.uuid()).max(messageLimits.itemsMax, messageMessages.tooManyItems).optional(),
    /** Dollars as typed: the fan pays this to see the items (a pay-per-view message). */
    price: z.string().trim().max(12).optional(),
  })
  .superRefine((value, context) => {
    const items = value.mediaIds ?? [];
    if (value.text.trim() === '' && items.length === 0)
      context.addIssue({ code: 'custom', path: ['text'], message: messageMessages.blank });
    if (new Set(items.map((id) => id.toLowerCase())).size !== items.length)
      context.addIssue({ code: 'custom', path: ['mediaIds'], message: messageMessages.repeatedItem });
    if (value.price !== undefined && value.price !== '') {
      if (items.length === 0)
        context.addIssue({ code: 'custom', path: ['price'], message: messageMessages.priceNeedsMedia });
      else {
        const problem = chargeProblem(value.price);
        if (problem) context.addIssue({ code: 'custom', path: ['price'], message: problem });
      }
    }
  });
export type SendMessageInput = z.infer<typeof sendMessageSchema>;

/** '4.99' -> 499 for a price that passed `sendMessageSchema`; null for none. */
export function messagePriceCents(price: string | undefined): number | null {
  const value = (price ?? '').trim();
  return value === '' ? null : Math.round(Number(value) * 100);
}

export const messagePricing = postPricing;

/** The spec's conversation preview: the first 30 characters. */
export function previewText(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > limits.conversationPreviewChars
    ? `${flat.slice(0, limits.conversationPreviewChars)}…`
    : flat;
}

/** A creator's choice of who may start writing to them. */
export const messageSettingsSchema = z.object({ subscribersOnly: z.boolean() });
export type MessageSettings = z.infer<typeof messageSettingsSchema>;

/** GET /api/me/purchased-messages: pay-per-view messages the viewer unlocked, latest first. */
export const purchasedMessageSchema = z.object({
  message: chatMessageSchema,
  from: personSchema,
  purchasedAt: z.string(),
});
export type PurchasedMessage = z.infer<typeof purchasedMessageSchema>;
export const purchasedMessageListSchema = z.object({
  items: z.array(purchasedMessageSchema),
  nextCursor: z.string().nullable(),
});
export type PurchasedMessageList = z.infer<typeof purchasedMessageListSchema>;
