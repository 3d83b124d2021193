import { index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { offerKinds, promotionAudiences } from '../../../common/schemas/offers.ts';
import { at, createdAt, primaryId } from './columns.ts';
import { creatorProfiles } from './creators.ts';
import { userRef } from './users.ts';

/** A creator's free trial or promotion, shared by its link (`code`). */
export const creatorOffers = pgTable(
  'creator_offers',
  {
    id: primaryId(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creatorProfiles.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: offerKinds }).notNull(),
    /** The link's token: random, unguessable. */
    code: text('code').notNull(),
    trialDays: integer('trial_days'),
    discountPercent: integer('discount_percent'),
    audience: text('audience', { enum: promotionAudiences }),
    maxClaims: integer('max_claims'),
    endsAt: at('ends_at'),
    stoppedAt: at('stopped_at'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('creator_offers_code_key').on(table.code),
    index('creator_offers_creator_idx').on(table.creatorId, table.id),
  ],
);

/**
 * A fan's claim of an offer (one per fan and offer): the subscription it started or discounted, and
 * where the offer's period ends (a renewal paid from then is a conversion).
 */
export const offerClaims = pgTable(
  'offer_claims',
  {
    offerId: uuid('offer_id')
      .notNull()
      .references(() => creatorOffers.id, { onDelete: 'cascade' }),
    fanId: userRef('fan_id', 'cascade').notNull(),
    subscriptionId: uuid('subscription_id').notNull(),
    /** A promotion's discounted payment (null for a trial). */
    paymentId: uuid('payment_id'),
    periodEnd: at('period_end').notNull(),
    claimedAt: at('claimed_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.offerId, table.fanId] })],
);
