import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { creatorPlanIds, fanSubscriptionStatuses } from '../../../common/schemas/fan-payments.ts';
import { postStatuses, postVisibilities } from '../../../common/schemas/posts.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { creatorProfiles } from './creators.ts';
import { media } from './media.ts';
import { users } from './users.ts';

/** A creator's post: one image or video (or none yet), free, for subscribers, or pay-per-view. */
export const posts = pgTable(
  'posts',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creatorProfiles.id, { onDelete: 'cascade' }),
    description: text('description').notNull().default(''),
    mediaId: uuid('media_id').references(() => media.id, { onDelete: 'set null' }),
    /** An embedded YouTube video instead of an upload. */
    youtubeId: text('youtube_id'),
    visibility: text('visibility', { enum: postVisibilities }).notNull().default('public'),
    /** USD cents, for pay-per-view posts. */
    priceCents: integer('price_cents'),
    /** Kept exact with every like and unlike, in the same transaction. */
    likeCount: integer('like_count').notNull().default(0),
    /** Comments and replies, kept exact with every comment written or deleted (comments.repository). */
    commentCount: integer('comment_count').notNull().default(0),
    /** Recency blended with engagement (see posts.repository); the Discover order. */
    rankScore: doublePrecision('rank_score').notNull().default(0),
    /**
     * Something to show: an embed, or media that finished processing. Kept by database triggers
     * (migration 0010_post_showable) on every write to the post's media or embed and on every
     * media status change, so the feeds filter and order within one index.
     */
    showable: boolean('showable').notNull().default(false),
    /**
     * draft (never shown), scheduled (published by the publish-scheduled-posts job at publishAt),
     * published, or expired (hidden since expiresAt). Only published posts are showable
     * (migration 0013_post_schedule_showable).
     */
    status: text('status', { enum: postStatuses }).notNull().default('published'),
    /** When a scheduled post goes out. */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    /** When a post stops being shown (it becomes expired); null for never. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The creator's one pinned post heads their profile. */
    pinnedAt: timestamp('pinned_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('posts_creator_id_id_idx').on(table.creatorId, table.id),
    index('posts_due_publish_idx').on(table.publishAt).where(sql`${table.status} = 'scheduled'`),
    index('posts_due_expiry_idx')
      .on(table.expiresAt)
      .where(sql`${table.status} = 'published' and ${table.expiresAt} is not null`),
    uniqueIndex('posts_one_pinned_per_creator_key')
      .on(table.creatorId)
      .where(sql`${table.pinnedAt} is not null`),
    // The feeds' orders over showable posts only: Discover (all creators, then one creator at a
    // time for the followed stream) and Home and the profile (one creator at a time, newest first).
    index('posts_rank_idx')
      .on(sql`${table.rankScore} desc`, sql`${table.id} desc`)
      .where(sql`${table.showable}`),
    index('posts_creator_rank_idx')
      .on(table.creatorId, sql`${table.rankScore} desc`, sql`${table.id} desc`)
      .where(sql`${table.showable}`),
    index('posts_creator_showable_id_idx')
      .on(table.creatorId, sql`${table.id} desc`)
      .where(sql`${table.showable}`),
  ],
);

/**
 * The second and later photos or videos of a post (the first is `posts.media_id`, so one-item
 * posts and every feed query stay as they were). A media item may be in several posts (the vault).
 */
export const postItems = pgTable(
  'post_items',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    /** 1 for the second item, 2 for the third... */
    position: integer('position').notNull(),
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.position] }),
    index('post_items_media_id_idx').on(table.mediaId),
  ],
);

/** A post's poll: 2 to 4 options (in order) and when voting ends. */
export const postPolls = pgTable('post_polls', {
  postId: uuid('post_id')
    .primaryKey()
    .references(() => posts.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
  options: text('options').array().notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
});

/** One vote per fan and poll; `option` is the option's index. */
export const pollVotes = pgTable(
  'poll_votes',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => postPolls.postId, { onDelete: 'cascade', onUpdate: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    option: integer('option').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.postId, table.userId] })],
);

export const postLikes = pgTable(
  'post_likes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.postId] }),
    index('post_likes_post_id_idx').on(table.postId),
  ],
);

export const creatorSubscriptionStatuses = fanSubscriptionStatuses;

/**
 * A fan's subscription to a creator, one row per fan and creator (a new subscription after the last
 * one ended reuses it). Access lasts while the status is active, past_due (a renewal is being
 * retried) or canceled (paid up to the period end) and the period has not ended.
 */
export const creatorSubscriptions = pgTable(
  'creator_subscriptions',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    fanId: uuid('fan_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creatorProfiles.id, { onDelete: 'cascade' }),
    status: text('status', { enum: creatorSubscriptionStatuses }).notNull(),
    plan: text('plan', { enum: creatorPlanIds }).notNull().default('monthly'),
    /** What a period costs this fan (USD cents), fixed when they subscribed; renewals charge it. */
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    /** When the current run of paid periods started (the subscribers list's date). */
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull().defaultNow(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** The provider and saved card authorization renewals charge. */
    provider: text('provider', { enum: ['sandbox', 'paystack'] }),
    authorizationCode: text('authorization_code'),
    /** Failed charges for the period that ended at currentPeriodEnd. */
    renewalAttempts: integer('renewal_attempts').notNull().default(0),
    nextRetryAt: timestamp('next_retry_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('creator_subscriptions_fan_creator_key').on(table.fanId, table.creatorId),
    index('creator_subscriptions_creator_started_idx').on(table.creatorId, table.startedAt),
    index('creator_subscriptions_status_period_end_idx').on(table.status, table.currentPeriodEnd),
  ],
);

/** A pay-per-view unlock: permanent. */
export const postPurchases = pgTable(
  'post_purchases',
  {
    fanId: uuid('fan_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    /** The fan payment that bought it (null for grants made before checkout existed). */
    paymentId: uuid('payment_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.fanId, table.postId] }),
    index('post_purchases_fan_created_idx').on(table.fanId, table.createdAt),
  ],
);
