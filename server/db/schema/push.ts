import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, primaryId } from './columns.ts';
import { sessions, userRef } from './users.ts';

/**
 * One device (a browser) that turned push notifications on: the push service's endpoint and the
 * keys its payloads are encrypted with. It belongs to the session that turned it on, so signing
 * out of that session removes it (the foreign key cascades).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: primaryId(),
    userId: userRef('user_id', 'cascade').notNull(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The browser's public key (P-256, base64url) and its auth secret, from PushSubscription.toJSON(). */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** What the device calls itself in Settings ("Chrome on Android"). */
    label: text('label').notNull(),
    createdAt: createdAt(),
    lastSentAt: at('last_sent_at'),
  },
  (table) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(table.endpoint),
    index('push_subscriptions_user_id_idx').on(table.userId),
    index('push_subscriptions_session_id_idx').on(table.sessionId),
  ],
);

/** A user's push choices that are not per kind: whether message previews travel in a push. */
export const pushSettings = pgTable('push_settings', {
  userId: userRef('user_id', 'cascade').primaryKey(),
  hidePreviews: boolean('hide_previews').notNull().default(false),
  updatedAt: at('updated_at').notNull().defaultNow(),
});
