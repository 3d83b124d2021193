import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { paymentProviders } from '../../../common/payment-providers.ts';
import { billingPeriods, planIds } from '../../../common/plans.ts';
import { subscriptionStatuses } from '../../../common/schemas/subscriptions.ts';
import { at, money, primaryId } from './columns.ts';
import { fanPayments, payouts } from './fan-payments.ts';
import { userRef } from './users.ts';

export { paymentProviders };
export const paymentPurposes = ['trial_authorization', 'subscription_start', 'renewal'] as const;
export const paymentStatuses = ['pending', 'succeeded', 'failed', 'refused'] as const;
export const refundStatuses = ['requested', 'refunded'] as const;

/**
 * One charge we asked a provider for. Value is given only when its status moves from `pending` to
 * `succeeded` (a conditional UPDATE in the same transaction as the effect), after the provider said
 * so and the amount and currency matched.
 */
export const payments = pgTable(
  'payments',
  {
    id: primaryId(),
    userId: userRef('user_id', 'cascade').notNull(),
    provider: text('provider', { enum: paymentProviders }).notNull(),
    reference: text('reference').notNull(),
    purpose: text('purpose', { enum: paymentPurposes }).notNull(),
    planId: text('plan_id', { enum: planIds }).notNull(),
    billingPeriod: text('billing_period', { enum: billingPeriods }).notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: paymentStatuses }).notNull().default('pending'),
    subscriptionId: uuid('subscription_id'),
    /** What the provider reported when it differed from what we asked (refused payments). */
    failureReason: text('failure_reason'),
    providerTransactionId: text('provider_transaction_id'),
    authorizationCode: text('authorization_code'),
    customerCode: text('customer_code'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    paidAt: at('paid_at'),
    refundStatus: text('refund_status', { enum: refundStatuses }),
    refundedAt: at('refunded_at'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [
    uniqueIndex('payments_provider_reference_key').on(table.provider, table.reference),
    index('payments_user_id_idx').on(table.userId),
    index('payments_subscription_id_idx').on(table.subscriptionId),
    index('payments_status_idx').on(table.status),
  ],
);

/** An agent's plan. At most one is live (trialing, active or past_due) per user. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: primaryId(),
    userId: userRef('user_id', 'cascade').notNull(),
    provider: text('provider', { enum: paymentProviders }).notNull(),
    planId: text('plan_id', { enum: planIds }).notNull(),
    billingPeriod: text('billing_period', { enum: billingPeriods }).notNull(),
    status: text('status', { enum: subscriptionStatuses }).notNull(),
    currentPeriodStart: at('current_period_start').notNull(),
    currentPeriodEnd: at('current_period_end').notNull(),
    trialEnd: at('trial_end'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: at('canceled_at'),
    endedAt: at('ended_at'),
    /** A plan change waiting for the next renewal. */
    pendingPlanId: text('pending_plan_id', { enum: planIds }),
    pendingBillingPeriod: text('pending_billing_period', { enum: billingPeriods }),
    /** The card authorization renewals charge. */
    authorizationCode: text('authorization_code').notNull(),
    customerCode: text('customer_code'),
    email: text('email').notNull(),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** Failed charges for the period that ended at currentPeriodEnd. */
    renewalAttempts: integer('renewal_attempts').notNull().default(0),
    nextRetryAt: at('next_retry_at'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [
    uniqueIndex('subscriptions_one_live_per_user_key')
      .on(table.userId)
      .where(sql`${table.status} in ('trialing', 'active', 'past_due')`),
    /** The trial is once per account, enforced by the database too. */
    uniqueIndex('subscriptions_one_trial_per_user_key')
      .on(table.userId)
      .where(sql`${table.trialEnd} is not null`),
    index('subscriptions_user_id_created_at_idx').on(table.userId, table.createdAt),
    index('subscriptions_status_period_end_idx').on(table.status, table.currentPeriodEnd),
  ],
);

/** Every webhook event received with a valid signature; (provider, event_key) makes duplicates inert. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: primaryId(),
    provider: text('provider', { enum: paymentProviders }).notNull(),
    eventKey: text('event_key').notNull(),
    type: text('type').notNull(),
    reference: text('reference'),
    payload: jsonb('payload').notNull(),
    /** What handling the event did: applied, duplicate of a settled payment, ignored... */
    outcome: text('outcome'),
    receivedAt: at('received_at').notNull(),
    processedAt: at('processed_at'),
  },
  (table) => [uniqueIndex('payment_events_provider_event_key_key').on(table.provider, table.eventKey)],
);

export const ledgerAccountKinds = ['asset', 'liability', 'revenue', 'expense'] as const;

/**
 * `platform:cash`, `platform:revenue`, `platform:fees`, `user:<id>:payments`,
 * `creator:<user id>:earnings`, `creator:<user id>:payouts`.
 */
export const ledgerAccounts = pgTable('ledger_accounts', {
  id: text('id').primaryKey(),
  kind: text('kind', { enum: ledgerAccountKinds }).notNull(),
  description: text('description').notNull(),
  createdAt: at('created_at').notNull(),
});

export const ledgerTransactionKinds = [
  'charge',
  'refund',
  'card_check',
  'card_check_refund',
  'refused_charge',
  /** A fan's payment to a creator: cash in, platform fee, creator earning. */
  'creator_charge',
  /** A (pro-rata) refund of a creator charge, reversing its split in proportion. */
  'creator_refund',
  /** The provider took a creator charge back: what remained of it is reversed. */
  'chargeback',
  /** A creator's available earnings set aside for a payout... */
  'payout_request',
  /** ...and sent (by an admin, or the provider confirmed the transfer)... */
  'payout_paid',
  /** ...or it failed, or was reversed: the money goes back to available... */
  'payout_returned',
  /** ...after the exact negation of its `payout_paid` when it had been paid. */
  'payout_reversed',
] as const;

/** One business event in the ledger; its entries sum to zero per currency. */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: primaryId(),
    kind: text('kind', { enum: ledgerTransactionKinds }).notNull(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    fanPaymentId: uuid('fan_payment_id').references(() => fanPayments.id, { onDelete: 'restrict' }),
    payoutId: uuid('payout_id').references(() => payouts.id, { onDelete: 'restrict' }),
    description: text('description').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    /** A payment is posted once per kind, whatever retries happen above. */
    uniqueIndex('ledger_transactions_payment_kind_key').on(table.paymentId, table.kind),
    uniqueIndex('ledger_transactions_fan_payment_kind_key').on(table.fanPaymentId, table.kind),
    uniqueIndex('ledger_transactions_payout_kind_key').on(table.payoutId, table.kind),
    index('ledger_transactions_created_at_idx').on(table.createdAt),
  ],
);

/** Signed amounts: a debit is positive, a credit negative. Balances are sums, never stored. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: primaryId(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    accountId: text('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
  },
  (table) => [
    index('ledger_entries_transaction_id_idx').on(table.transactionId),
    index('ledger_entries_account_id_idx').on(table.accountId),
  ],
);

export const sandboxTransactionStatuses = ['pending', 'success', 'failed', 'abandoned'] as const;

/** The sandbox provider's own books, so its verify answers like a real provider's. */
export const sandboxTransactions = pgTable('sandbox_transactions', {
  reference: text('reference').primaryKey(),
  providerId: text('provider_id').notNull(),
  email: text('email').notNull(),
  amount: money('amount').notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull(),
  callbackUrl: text('callback_url'),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
  status: text('status', { enum: sandboxTransactionStatuses }).notNull().default('pending'),
  authorizationCode: text('authorization_code'),
  customerCode: text('customer_code'),
  refundedAmount: money('refunded_amount').notNull().default(0),
  paidAt: at('paid_at'),
  createdAt: at('created_at').notNull(),
});

export const sandboxAuthorizations = pgTable('sandbox_authorizations', {
  code: text('code').primaryKey(),
  customerCode: text('customer_code').notNull(),
  email: text('email').notNull(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  /** The test card's "fails on renewal" box: charges of this authorization are declined. */
  failCharges: boolean('fail_charges').notNull().default(false),
  active: boolean('active').notNull().default(true),
  createdAt: at('created_at').notNull(),
});
