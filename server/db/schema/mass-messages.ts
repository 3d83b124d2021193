import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { massMessageAudiences, massMessageStatuses } from '../../../common/schemas/mass-messages.ts';
import { at, createdAt, primaryId } from './columns.ts';
import { media } from './media.ts';
import { messages } from './messages.ts';
import { userRef } from './users.ts';

/** A creator's named list of fans (made from the subscribers screen), a mass message's audience. */
export const fanLists = pgTable(
  'fan_lists',
  {
    id: primaryId(),
    ownerId: userRef('owner_id', 'cascade').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('fan_lists_owner_name_key').on(table.ownerId, sql`lower(${table.name})`)],
);

export const fanListMembers = pgTable(
  'fan_list_members',
  {
    listId: uuid('list_id')
      .notNull()
      .references(() => fanLists.id, { onDelete: 'cascade' }),
    fanId: userRef('fan_id', 'cascade').notNull(),
    addedAt: at('added_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.listId, table.fanId] }),
    index('fan_list_members_fan_idx').on(table.fanId),
  ],
);

/**
 * One message a creator sends to many fans. Its recipients are fixed when it is sent
 * (`mass_message_recipients`); a background job delivers it in batches, each into the fan's own
 * conversation, and moves `cursor` on in the same transaction, so a job that stops resumes.
 */
export const massMessages = pgTable(
  'mass_messages',
  {
    id: primaryId(),
    senderId: userRef('sender_id', 'cascade').notNull(),
    audience: text('audience', { enum: massMessageAudiences }).notNull(),
    /** For `audience: 'list'`: which list (its name is kept in `audienceName` if it goes). */
    listId: uuid('list_id').references(() => fanLists.id, { onDelete: 'set null' }),
    audienceName: text('audience_name'),
    body: text('body').notNull(),
    /** What each fan pays to see the items (USD cents), or null. */
    priceCents: bigint('price_cents', { mode: 'number' }),
    status: text('status', { enum: massMessageStatuses }).notNull().default('sending'),
    recipients: integer('recipients').notNull(),
    delivered: integer('delivered').notNull().default(0),
    /** The last recipient (by user id) delivered to. */
    cursor: uuid('cursor'),
    createdAt: createdAt(),
    finishedAt: at('finished_at'),
  },
  (table) => [index('mass_messages_sender_idx').on(table.senderId, table.id)],
);

/** The photos and videos of a mass message, in order (each delivered message gets them too). */
export const massMessageItems = pgTable(
  'mass_message_items',
  {
    massMessageId: uuid('mass_message_id')
      .notNull()
      .references(() => massMessages.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.massMessageId, table.position] })],
);

/** Who a mass message goes to, and the message each one got once delivered. */
export const massMessageRecipients = pgTable(
  'mass_message_recipients',
  {
    massMessageId: uuid('mass_message_id')
      .notNull()
      .references(() => massMessages.id, { onDelete: 'cascade' }),
    userId: userRef('user_id', 'cascade').notNull(),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
  },
  (table) => [
    primaryKey({ columns: [table.massMessageId, table.userId] }),
    index('mass_message_recipients_message_idx').on(table.messageId),
  ],
);
