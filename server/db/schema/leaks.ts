import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, primaryId, updatedAt } from './columns.ts';
import { media } from './media.ts';
import { userRef } from './users.ts';

/**
 * A photo delivered to a viewer: the first time they were sent it marked with this row's id
 * (server/lib/photo-mark.ts). Tracing a leaked copy finds the row, and with it who and when.
 */
export const photoDeliveries = pgTable(
  'photo_deliveries',
  {
    id: primaryId(),
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    viewerId: userRef('viewer_id', 'cascade').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('photo_deliveries_media_viewer_key').on(table.mediaId, table.viewerId),
    index('photo_deliveries_viewer_id_idx').on(table.viewerId),
  ],
);

export const takedownStatuses = ['open', 'sent', 'removed', 'refused'] as const;

/**
 * A creator's takedown of a copy found elsewhere: where it was found, their photo, and the account
 * a trace named (when one did). `open`: the notice is prepared; `sent` to the host; then `removed`
 * or `refused`. An admin may suspend the traced account with this as the evidence.
 */
export const takedowns = pgTable(
  'takedowns',
  {
    id: primaryId(),
    creatorUserId: userRef('creator_user_id', 'cascade').notNull(),
    mediaId: uuid('media_id').references(() => media.id, { onDelete: 'set null' }),
    deliveryId: uuid('delivery_id').references(() => photoDeliveries.id, { onDelete: 'set null' }),
    tracedUserId: userRef('traced_user_id', 'set null'),
    foundUrl: text('found_url').notNull(),
    status: text('status', { enum: takedownStatuses }).notNull().default('open'),
    suspendedAt: at('suspended_at'),
    suspendedBy: userRef('suspended_by', 'set null'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('takedowns_creator_user_id_created_at_idx').on(table.creatorUserId, table.createdAt),
    index('takedowns_created_at_idx').on(table.createdAt),
  ],
);
