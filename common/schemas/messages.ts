import { z } from 'zod';
import { limits } from '../limits.ts';

export const messageLimits = {
  maxLength: 2000,
  /** Messages one user may send per minute. */
  perMinute: 30,
  pageSize: 30,
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
  /** Whether this viewer may report the message (server/policies/messages.ts; the web app only shows). */
  canReport: z.boolean(),
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

export const sendMessageSchema = z.object({
  text: z
    .string({ error: messageMessages.blank })
    .max(messageLimits.maxLength, messageMessages.tooLong)
    .refine((value) => value.trim() !== '', messageMessages.blank),
  clientId: z.string().min(1).max(64).optional(),
});
export type SendMessageInput = z.infer<typeof sendMessageSchema>;

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
