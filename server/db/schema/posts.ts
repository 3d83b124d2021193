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
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { creatorPlanIds, fanSubscriptionStatuses } from '../../../common/schemas/fan-payments.ts';
import { postStatuses, postVisibilities } from '../../../common/schemas/posts.ts';
import { at, createdAt, primaryId, updatedAt } from './columns.ts';
import { creatorProfiles } from './creators.ts';
import { media } from './media.ts';
import { userRef } from './users.ts';

/** A creator's post: one image or video (or none yet), free, for subscribers, or pay-per-view. */
export const posts = pgTable(
  'posts',
  {
    id: primaryId(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creatorProfiles.id, { onDelete: 'cascade' }),
    description: text('description').notNull().default(''),
    mediaId: uuid('media_id').references(() => media.id, { onDelete: 'set null' }),
    /** An embedded YouTube video instead of an upload. */
    youtubeId: text('youtube_id'),
    /**
     * Written as words only (no media, no embed): its description is its content. Set when the
     * post is made; a media post whose media is later deleted is not a text post (it stays hidden).
     */
    textOnly: boolean('text_only').notNull().default(false),
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
    publishAt: at('publish_at'),
    /** When a post stops being shown (it becomes expired); null for never. */
    expiresAt: at('expires_at'),
    /** The creator's one pinned post heads their profile. */
    pinnedAt: at('pinned_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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
  endsAt: at('ends_at').notNull(),
});

/** One vote per fan and poll; `option` is the option's index. */
export const pollVotes = pgTable(
  'poll_votes',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => postPolls.postId, { onDelete: 'cascade', onUpdate: 'cascade' }),
    userId: userRef('user_id', 'cascade').notNull(),
    option: integer('option').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.postId, table.userId] })],
);

export const postLikes = pgTable(
  'post_likes',
  {
    userId: userRef('user_id', 'cascade').notNull(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    createdAt: createdAt(),
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
    id: primaryId(),
    fanId: userRef('fan_id', 'cascade').notNull(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creatorProfiles.id, { onDelete: 'cascade' }),
    status: text('status', { enum: creatorSubscriptionStatuses }).notNull(),
    plan: text('plan', { enum: creatorPlanIds }).notNull().default('monthly'),
    /** What a period costs this fan (USD cents), fixed when they subscribed; renewals charge it. */
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    /** When the current run of paid periods started (the subscribers list's date). */
    startedAt: at('started_at').notNull().defaultNow(),
    currentPeriodStart: at('current_period_start').notNull().defaultNow(),
    currentPeriodEnd: at('current_period_end').notNull(),
    canceledAt: at('canceled_at'),
    endedAt: at('ended_at'),
    /** The provider and saved card authorization renewals charge. */
    provider: text('provider', { enum: ['sandbox', 'paystack'] }),
    authorizationCode: text('authorization_code'),
    /** Failed charges for the period that ended at currentPeriodEnd. */
    renewalAttempts: integer('renewal_attempts').notNull().default(0),
    nextRetryAt: at('next_retry_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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
    fanId: userRef('fan_id', 'cascade').notNull(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    /** The fan payment that bought it (null for grants made before checkout existed). */
    paymentId: uuid('payment_id'),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.fanId, table.postId] }),
    index('post_purchases_fan_created_idx').on(table.fanId, table.createdAt),
  ],
);
