import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { offerKinds, promotionAudiences } from '../../../common/schemas/offers.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { creatorProfiles } from './creators.ts';
import { users } from './users.ts';

/** A creator's free trial or promotion, shared by its link (`code`). */
export const creatorOffers = pgTable(
  'creator_offers',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
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
    endsAt: timestamp('ends_at', { withTimezone: true }),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
    fanId: uuid('fan_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id').notNull(),
    /** A promotion's discounted payment (null for a trial). */
    paymentId: uuid('payment_id'),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.offerId, table.fanId] })],
);
