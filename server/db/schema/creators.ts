import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { OnboardingDraft } from '../../../common/schemas/creators.ts';
import { creatorStatuses, identityOptions, onboardingSteps } from '../../../common/schemas/creators.ts';
import { at, createdAt, primaryId, updatedAt } from './columns.ts';
import { media } from './media.ts';
import { userRef, users } from './users.ts';

/** A user's creator page. Only `approved` creators are listed, suggested and allowed to charge. */
export const creatorProfiles = pgTable(
  'creator_profiles',
  {
    id: primaryId(),
    userId: userRef('user_id', 'cascade').notNull(),
    handle: text('handle').notNull(),
    displayName: text('display_name').notNull(),
    avatarUrl: text('avatar_url'),
    bannerUrl: text('banner_url'),
    bio: text('bio').notNull().default(''),
    country: text('country').notNull().default(''),
    identity: text('identity', { enum: identityOptions }),
    /** USD cents; the 6-month bundle is derived from it. */
    monthlyPriceCents: integer('monthly_price_cents').notNull().default(999),
    /** The 3- and 12-month bundles' discounts, whole percent 0..60; null = the bundle is not offered. */
    threeMonthDiscountPercent: integer('three_month_discount_percent'),
    twelveMonthDiscountPercent: integer('twelve_month_discount_percent'),
    /** Kept for the review; an admin-only media object. */
    identityDocumentId: uuid('identity_document_id').references(() => media.id, { onDelete: 'set null' }),
    status: text('status', { enum: creatorStatuses }).notNull().default('pending_review'),
    rejectionReason: text('rejection_reason'),
    /** Countries (ISO 3166-1 alpha-2) where this creator's page, posts and media are not shown. */
    blockedCountries: text('blocked_countries').array().notNull().default(sql`'{}'::text[]`),
    /** Only subscribers may start writing to this creator. */
    messagesSubscribersOnly: boolean('messages_subscribers_only').notNull().default(false),
    /**
     * A visible mark on this creator's photos (at delivery) and videos (burned in when processed):
     * `page` writes `<site>/<handle>` in a corner (server/services/media/marks.ts).
     */
    watermark: text('watermark', { enum: ['off', 'page'] })
      .notNull()
      .default('off'),
    /** With the mark on: paid photos also carry the viewer's own handle (per viewer, photos only). */
    watermarkViewerHandle: boolean('watermark_viewer_handle').notNull().default(false),
    reviewedAt: at('reviewed_at'),
    reviewedBy: userRef('reviewed_by', 'set null'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('creator_profiles_user_id_key').on(table.userId),
    uniqueIndex('creator_profiles_handle_lower_key').on(sql`lower(${table.handle})`),
    index('creator_profiles_status_id_idx').on(table.status, table.id),
    check(
      'creator_profiles_bundle_discounts_range',
      sql`${table.threeMonthDiscountPercent} between 0 and 60 and ${table.twelveMonthDiscountPercent} between 0 and 60`,
    ),
  ],
);

/** A handle a creator gave up: old profile links keep working. Released when another creator takes it. */
export const creatorHandleRedirects = pgTable('creator_handle_redirects', {
  handle: text('handle').primaryKey(),
  creatorId: uuid('creator_id')
    .notNull()
    .references(() => creatorProfiles.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

/** Where a user is in the onboarding, saved after every step so any device resumes it. */
export const creatorOnboardingDrafts = pgTable('creator_onboarding_drafts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  step: text('step', { enum: onboardingSteps }).notNull(),
  draft: jsonb('draft').$type<OnboardingDraft>().notNull().default({}),
  updatedAt: updatedAt(),
});

export const follows = pgTable(
  'follows',
  {
    followerId: userRef('follower_id', 'cascade').notNull(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creatorProfiles.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.followerId, table.creatorId] }),
    index('follows_creator_id_idx').on(table.creatorId),
  ],
);

/** `blockerId` blocked `blockedId`; either side of a block is kept apart everywhere. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: userRef('blocker_id', 'cascade').notNull(),
    blockedId: userRef('blocked_id', 'cascade').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.blockerId, table.blockedId] }),
    index('user_blocks_blocked_id_idx').on(table.blockedId),
  ],
);
