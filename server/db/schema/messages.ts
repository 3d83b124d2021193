import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { notificationKinds } from '../../../common/events.ts';
import { at, createdAt, primaryId, updatedAt } from './columns.ts';
import { media } from './media.ts';
import { userRef } from './users.ts';

/** One conversation per pair of users; `userLow` < `userHigh` makes the pair unique. */
export const conversations = pgTable(
  'conversations',
  {
    id: primaryId(),
    userLow: userRef('user_low', 'cascade').notNull(),
    userHigh: userRef('user_high', 'cascade').notNull(),
    createdAt: createdAt(),
    /** The last message's time: conversations are listed most recent first. */
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('conversations_pair_key').on(table.userLow, table.userHigh)],
);

/** Each side's view of a conversation: when they last read it, and whether they hid it. */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: userRef('user_id', 'cascade').notNull(),
    otherId: userRef('other_id', 'cascade').notNull(),
    lastReadAt: at('last_read_at'),
    hiddenAt: at('hidden_at'),
  },
  (table) => [
    primaryKey({ columns: [table.conversationId, table.userId] }),
    index('conversation_members_user_idx').on(table.userId),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: primaryId(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: userRef('sender_id', 'cascade').notNull(),
    body: text('body').notNull(),
    /** The sender's id for a send: a retry of the same send is stored once. */
    clientId: text('client_id'),
    /**
     * A tip (server/services/billing/fan-payments/tips-settlement.ts): the fan payment it was made
     * for, written in the same transaction as the payment's success, and its amount in cents.
     */
    tipPaymentId: uuid('tip_payment_id'),
    tipAmount: bigint('tip_amount', { mode: 'number' }),
    tipCurrency: text('tip_currency'),
    /**
     * A pay-per-view message: what the other side pays, in USD cents, to see its items. Null when
     * the items (if any) are free to see.
     */
    priceCents: bigint('price_cents', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('messages_conversation_id_idx').on(table.conversationId, table.id),
    uniqueIndex('messages_sender_client_key').on(table.senderId, table.clientId),
    /** One message per tip payment. */
    uniqueIndex('messages_tip_payment_key').on(table.tipPaymentId),
  ],
);

/** Photos and videos a creator attached to a message, in order; the sender's own uploads. */
export const messageItems = pgTable(
  'message_items',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.messageId, table.position] }),
    index('message_items_media_id_idx').on(table.mediaId),
  ],
);

/** A pay-per-view message a fan unlocked: permanent (a chargeback takes it back). */
export const messagePurchases = pgTable(
  'message_purchases',
  {
    fanId: userRef('fan_id', 'cascade').notNull(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    /** The fan payment that bought it. */
    paymentId: uuid('payment_id').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.fanId, table.messageId] }),
    index('message_purchases_fan_created_idx').on(table.fanId, table.createdAt),
    index('message_purchases_payment_idx').on(table.paymentId),
  ],
);

/**
 * Every event pushed to a user, numbered: a stream that reconnects with `Last-Event-ID` gets what
 * it missed from here, whichever process it reaches. Pruned after a day.
 */
export const userEvents = pgTable(
  'user_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef('user_id', 'cascade').notNull(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('user_events_user_id_idx').on(table.userId, table.id),
    index('user_events_created_at_idx').on(table.createdAt),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: primaryId(),
    userId: userRef('user_id', 'cascade').notNull(),
    kind: text('kind', { enum: notificationKinds }).notNull(),
    actorId: userRef('actor_id', 'cascade'),
    text: text('text').notNull(),
    link: text('link'),
    read: boolean('read').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [index('notifications_user_id_idx').on(table.userId, table.id)],
);
