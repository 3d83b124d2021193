import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { creatorPlanIds } from '../../../common/schemas/fan-payments.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { creatorProfiles } from './creators.ts';
import { messages } from './messages.ts';
import { creatorSubscriptions, posts } from './posts.ts';
import { users } from './users.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });
const money = (name: string) => bigint(name, { mode: 'number' });

export const fanPaymentPurposes = [
  'subscription_start',
  'subscription_renewal',
  'post_unlock',
  'tip',
  'message_unlock',
] as const;
/** `abandoned`: the checkout was left; a provider may still report it paid later, which still counts. */
export const fanPaymentStatuses = ['pending', 'succeeded', 'failed', 'refused', 'abandoned'] as const;
/** `owed`: to be sent to the provider; `sending`: one caller is asking the provider; `refunded`: done. */
export const fanRefundStatuses = ['owed', 'sending', 'refunded'] as const;

/**
 * A fan's payment to a creator (a subscription period or a pay-per-view unlock), in USD cents. It
 * gives value only when it leaves `pending`/`abandoned` for `succeeded` through a conditional UPDATE
 * in the same transaction as the effect (subscription period, purchase, ledger rows).
 */
export const fanPayments = pgTable(
  'fan_payments',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    fanId: uuid('fan_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The creator's account: earnings are owed to it even if the creator page is deleted. */
    creatorUserId: uuid('creator_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    creatorId: uuid('creator_id').references(() => creatorProfiles.id, { onDelete: 'set null' }),
    provider: text('provider', { enum: ['sandbox', 'paystack'] }).notNull(),
    reference: text('reference').notNull(),
    purpose: text('purpose', { enum: fanPaymentPurposes }).notNull(),
    plan: text('plan', { enum: creatorPlanIds }),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'set null' }),
    /** A pay-per-view message's unlock. */
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
    /** A promotion's discounted first period (server/db/schema/offers.ts). */
    offerId: uuid('offer_id'),
    subscriptionId: uuid('subscription_id').references(() => creatorSubscriptions.id, {
      onDelete: 'set null',
    }),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    /** The platform's part, fixed when the payment succeeds (PLATFORM_FEE_PERCENT at that time). */
    feeAmount: money('fee_amount'),
    status: text('status', { enum: fanPaymentStatuses }).notNull().default('pending'),
    failureReason: text('failure_reason'),
    /** The provider's checkout page, answered again to concurrent or repeated requests. */
    authorizationUrl: text('authorization_url'),
    providerTransactionId: text('provider_transaction_id'),
    authorizationCode: text('authorization_code'),
    customerCode: text('customer_code'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    paidAt: at('paid_at'),
    /** The subscription time this payment paid for (pro-rata refunds use it). */
    periodStart: at('period_start'),
    periodEnd: at('period_end'),
    refundStatus: text('refund_status', { enum: fanRefundStatuses }),
    refundAmount: money('refund_amount'),
    refundClaimedAt: at('refund_claimed_at'),
    refundedAmount: money('refunded_amount').notNull().default(0),
    refundedAt: at('refunded_at'),
    chargedBackAt: at('charged_back_at'),
    /** A tip's note from the fan (at most 500 characters), shown with the tip in the conversation. */
    note: text('note'),
    /** The client's key for one tip: a double click or a retry finds this payment again. */
    idempotencyKey: text('idempotency_key'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [
    uniqueIndex('fan_payments_provider_reference_key').on(table.provider, table.reference),
    /** One payment per fan and client key, whatever became of it: a retry is never a second charge. */
    uniqueIndex('fan_payments_fan_idempotency_key')
      .on(table.fanId, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} is not null`),
    /** One open checkout per fan and post: 100 parallel unlocks make one payment. */
    uniqueIndex('fan_payments_one_pending_unlock_key')
      .on(table.fanId, table.postId)
      .where(sql`${table.purpose} = 'post_unlock' and ${table.status} = 'pending'`),
    /** One open checkout per fan and pay-per-view message. */
    uniqueIndex('fan_payments_one_pending_message_unlock_key')
      .on(table.fanId, table.messageId)
      .where(sql`${table.purpose} = 'message_unlock' and ${table.status} = 'pending'`),
    /** One open subscription checkout per fan and creator. */
    uniqueIndex('fan_payments_one_pending_subscription_key')
      .on(table.fanId, table.creatorUserId)
      .where(sql`${table.purpose} = 'subscription_start' and ${table.status} = 'pending'`),
    index('fan_payments_fan_id_created_at_idx').on(table.fanId, table.createdAt),
    index('fan_payments_creator_user_id_idx').on(table.creatorUserId),
    index('fan_payments_subscription_id_idx').on(table.subscriptionId),
    index('fan_payments_status_created_at_idx').on(table.status, table.createdAt),
    index('fan_payments_refund_status_idx')
      .on(table.refundStatus)
      .where(sql`${table.refundStatus} in ('owed', 'sending')`),
  ],
);

export const payoutStatuses = ['requested', 'paid'] as const;

/** A creator's request to be paid their available balance; an admin settles it by hand. */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    creatorUserId: uuid('creator_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: payoutStatuses }).notNull().default('requested'),
    note: text('note'),
    paidBy: uuid('paid_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: at('requested_at').notNull(),
    paidAt: at('paid_at'),
  },
  (table) => [
    /** One open request at a time, enforced by the database too. */
    uniqueIndex('payouts_one_open_per_creator_key')
      .on(table.creatorUserId)
      .where(sql`${table.status} = 'requested'`),
    index('payouts_creator_user_id_requested_at_idx').on(table.creatorUserId, table.requestedAt),
    index('payouts_status_requested_at_idx').on(table.status, table.requestedAt),
  ],
);

/** Rows a user deleted from their own transaction list; the ledger and payments never change. */
export const hiddenTransactions = pgTable(
  'hidden_transactions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id').notNull(),
    hiddenAt: at('hidden_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.itemId] })],
);
