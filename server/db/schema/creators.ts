import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../lib/ids.ts';
import { users } from './users.ts';

/** A user's creator page. Only `approved` creators are listed, suggested and allowed to charge. */
export const creatorProfiles = pgTable(
  'creator_profiles',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    handle: text('handle').notNull(),
    displayName: text('display_name').notNull(),
    avatarUrl: text('avatar_url'),
    status: text('status', { enum: ['pending_review', 'approved', 'rejected'] })
      .notNull()
      .default('pending_review'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('creator_profiles_user_id_key').on(table.userId),
    uniqueIndex('creator_profiles_handle_lower_key').on(sql`lower(${table.handle})`),
    index('creator_profiles_status_id_idx').on(table.status, table.id),
  ],
);
