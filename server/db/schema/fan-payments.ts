import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { creatorPlanIds, payoutStatuses } from '../../../common/schemas/fan-payments.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { at, money, primaryId } from './columns.ts';
import { creatorProfiles } from './creators.ts';
import { messages } from './messages.ts';
import { payoutAccounts } from './payouts.ts';
import { creatorSubscriptions, posts } from './posts.ts';
import { userRef } from './users.ts';

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
    id: primaryId(),
    fanId: userRef('fan_id', 'cascade').notNull(),
    /** The creator's account: earnings are owed to it even if the creator page is deleted. */
    creatorUserId: userRef('creator_user_id', 'cascade').notNull(),
    creatorId: uuid('creator_id').references(() => creatorProfiles.id, { onDelete: 'set null' }),
    provider: text('provider', { enum: ['sandbox', 'paystack'] }).notNull(),
    reference: text('reference')
      .notNull()
      .$defaultFn(() => `payout_${uuidv7().replaceAll('-', '')}`),
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
    /**
     * How the fan pays: on the provider's checkout page, or in one tap with their saved card
     * (`saved_card`: charged by the server, no page to go to).
     */
    method: text('method', { enum: ['checkout', 'saved_card'] })
      .notNull()
      .default('checkout'),
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

export { payoutStatuses };
/** `manual`: an admin sends it and marks it paid; `transfer`: sent through the provider's transfers. */
export const payoutMethods = ['manual', 'transfer'] as const;
/** `request`: the creator asked; `weekly`: the automatic run on the creator's weekday. */
export const payoutOrigins = ['request', 'weekly'] as const;
/** Statuses whose money is still in payout: at most one such payout per creator. */
export const payoutInFlightStatuses = ['requested', 'sending', 'pending', 'otp'] as const;

/**
 * A creator's payout (docs/decisions/0037-payouts.md): USD cents set aside in the ledger when it is
 * made, sent by hand or by transfer. A transfer goes to the recipient recorded here when the payout
 * was made, under our own `reference`, so a later account change never redirects it and a retry can
 * never pay twice.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: primaryId(),
    creatorUserId: userRef('creator_user_id', 'cascade').notNull(),
    /** USD cents debited from the creator's available earnings. */
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: payoutStatuses }).notNull().default('requested'),
    method: text('method', { enum: payoutMethods }).notNull().default('manual'),
    origin: text('origin', { enum: payoutOrigins }).notNull().default('request'),
    /** Ours, made with the payout and kept for every attempt: the provider refuses it twice. */
    reference: text('reference')
      .notNull()
      .$defaultFn(() => `payout_${uuidv7().replaceAll('-', '')}`),
    /** The client's key: a double click or a retry finds this payout again. */
    idempotencyKey: text('idempotency_key'),
    payoutAccountId: uuid('payout_account_id').references(() => payoutAccounts.id, {
      onDelete: 'set null',
    }),
    /** The recipient when the payout was made; a later account change never redirects it. */
    recipientCode: text('recipient_code'),
    /** What the creator receives, in the local currency's minor units, at `rateMicros`. */
    localAmount: money('local_amount'),
    localCurrency: text('local_currency'),
    /** Local major units per USD, times 1,000,000. */
    rateMicros: money('rate_micros'),
    /** The provider's fee in local minor units, when it says (the platform's cost). */
    fee: money('fee'),
    transferCode: text('transfer_code'),
    /** The provider's words on why a transfer failed or was reversed. */
    failureReason: text('failure_reason'),
    note: text('note'),
    paidBy: userRef('paid_by', 'set null'),
    requestedAt: at('requested_at').notNull(),
    initiatedAt: at('initiated_at'),
    paidAt: at('paid_at'),
    /** When it failed or was reversed (the money went back to available). */
    returnedAt: at('returned_at'),
    lastVerifiedAt: at('last_verified_at'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    /** One payout in flight at a time, enforced by the database too. */
    uniqueIndex('payouts_one_in_flight_per_creator_key')
      .on(table.creatorUserId)
      .where(sql`${table.status} in ('requested', 'sending', 'pending', 'otp')`),
    uniqueIndex('payouts_reference_key').on(table.reference),
    uniqueIndex('payouts_creator_idempotency_key')
      .on(table.creatorUserId, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} is not null`),
    index('payouts_creator_user_id_requested_at_idx').on(table.creatorUserId, table.requestedAt),
    index('payouts_status_requested_at_idx').on(table.status, table.requestedAt),
  ],
);

/** Rows a user deleted from their own transaction list; the ledger and payments never change. */
export const hiddenTransactions = pgTable(
  'hidden_transactions',
  {
    userId: userRef('user_id', 'cascade').notNull(),
    itemId: uuid('item_id').notNull(),
    hiddenAt: at('hidden_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.itemId] })],
);

/**
 * The card a fan paid with last, kept so the next payment is one tap in the app (the provider's
 * reusable authorization, charged with `charge_authorization`). One per fan and provider; the fan
 * can forget it. Only the brand and last four digits are ever shown.
 */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: primaryId(),
    userId: userRef('user_id', 'cascade').notNull(),
    provider: text('provider', { enum: ['sandbox', 'paystack'] }).notNull(),
    authorizationCode: text('authorization_code').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [uniqueIndex('saved_cards_user_provider_key').on(table.userId, table.provider)],
);
