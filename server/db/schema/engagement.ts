import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { notificationKinds } from '../../../common/events.ts';
import { at, primaryId } from './columns.ts';
import { creatorProfiles } from './creators.ts';
import { posts } from './posts.ts';
import { userRef } from './users.ts';

/** A comment under a post, or a reply to one (one level deep: a reply's parent has no parent). */
export const postComments = pgTable(
  'post_comments',
  {
    id: primaryId(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    authorId: userRef('author_id', 'cascade').notNull(),
    parentId: uuid('parent_id').references((): AnyPgColumn => postComments.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    /** Kept exact with every like and unlike, in the same transaction. */
    likeCount: integer('like_count').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    // A post's comments, newest first; a comment's replies, oldest first.
    index('post_comments_post_parent_idx').on(table.postId, table.parentId, table.id),
    index('post_comments_parent_idx').on(table.parentId, table.id),
    index('post_comments_author_idx').on(table.authorId),
  ],
);

export const commentLikes = pgTable(
  'comment_likes',
  {
    userId: userRef('user_id', 'cascade').notNull(),
    commentId: uuid('comment_id')
      .notNull()
      .references(() => postComments.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.commentId] })],
);

/** Posts with comments turned off by their creator (a row each; none means comments are on). */
export const postCommentsOff = pgTable('post_comments_off', {
  postId: uuid('post_id')
    .primaryKey()
    .references(() => posts.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
  createdAt: at('created_at').notNull().defaultNow(),
});

/** A post a fan saved for later (the Bookmarks page, newest saved first). */
export const postBookmarks = pgTable(
  'post_bookmarks',
  {
    userId: userRef('user_id', 'cascade').notNull(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.postId] }),
    index('post_bookmarks_user_created_idx').on(table.userId, table.createdAt, table.postId),
    index('post_bookmarks_post_idx').on(table.postId),
  ],
);

/** A fan's named list of creators; `builtIn` marks "Favourites", made on first use. */
export const creatorLists = pgTable(
  'creator_lists',
  {
    id: primaryId(),
    ownerId: userRef('owner_id', 'cascade').notNull(),
    name: text('name').notNull(),
    builtIn: boolean('built_in').notNull().default(false),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('creator_lists_owner_name_key').on(table.ownerId, sql`lower(${table.name})`),
    uniqueIndex('creator_lists_owner_built_in_key').on(table.ownerId).where(sql`${table.builtIn}`),
  ],
);

export const creatorListMembers = pgTable(
  'creator_list_members',
  {
    listId: uuid('list_id')
      .notNull()
      .references(() => creatorLists.id, { onDelete: 'cascade' }),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creatorProfiles.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.listId, table.creatorId] }),
    index('creator_list_members_creator_idx').on(table.creatorId),
  ],
);

/**
 * A user's choice for one kind of notification (common/events.ts `notificationKindInfo`), where it
 * differs from that kind's defaults; no row means the defaults.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: userRef('user_id', 'cascade').notNull(),
    kind: text('kind', { enum: notificationKinds }).notNull(),
    inApp: boolean('in_app').notNull(),
    email: boolean('email').notNull(),
    /** Push to the user's devices; null: the kind's default (saved before push existed). */
    push: boolean('push'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind] })],
);
