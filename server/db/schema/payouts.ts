import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accountTypes } from '../../adapters/payments/transfers.ts';
import { at, primaryId } from './columns.ts';
import { userRef, users } from './users.ts';

/**
 * Where a creator's payouts go: a bank account or wallet the provider resolved, known to it as
 * `recipientCode`. Only the last four digits are kept. A change makes a new row and marks the old
 * one `replacedAt`, so every payout's account stays on record.
 */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    id: primaryId(),
    creatorUserId: userRef('creator_user_id', 'cascade').notNull(),
    /** ISO 3166 alpha-2. */
    country: text('country').notNull(),
    currency: text('currency').notNull(),
    type: text('type', { enum: accountTypes }).notNull(),
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    last4: text('last4').notNull(),
    /** The holder's name as the bank has it. */
    accountName: text('account_name').notNull(),
    recipientCode: text('recipient_code').notNull(),
    createdAt: at('created_at').notNull(),
    /** When a newer account took its place; null for the current one. */
    replacedAt: at('replaced_at'),
  },
  (table) => [
    uniqueIndex('payout_accounts_one_current_per_creator_key')
      .on(table.creatorUserId)
      .where(sql`${table.replacedAt} is null`),
    index('payout_accounts_creator_created_at_idx').on(table.creatorUserId, table.createdAt),
  ],
);

export const payoutSchedules = ['on_request', 'weekly'] as const;

/** A creator's payout choices; no row means the defaults (on request, the platform minimum). */
export const payoutSettings = pgTable('payout_settings', {
  creatorUserId: uuid('creator_user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  schedule: text('schedule', { enum: payoutSchedules }).notNull().default('on_request'),
  /** ISO weekday of the weekly payout, 1 (Monday) to 7 (Sunday), UTC. */
  weekday: integer('weekday'),
  /** USD cents; null: PAYOUT_MINIMUM_CENTS. */
  minimumCents: bigint('minimum_cents', { mode: 'number' }),
  /** No automatic payout before this (5 days after the payout account changed). */
  automaticHoldUntil: at('automatic_hold_until'),
  updatedAt: at('updated_at').notNull(),
});

/** Exchange rates an admin sets; the newest per currency is the one in force. */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: primaryId(),
    currency: text('currency').notNull(),
    /** Local major units per USD, times 1,000,000 (1,550.25 NGN per USD is 1_550_250_000). */
    unitsPerUsdMicros: bigint('units_per_usd_micros', { mode: 'number' }).notNull(),
    setAt: at('set_at').notNull(),
    setBy: userRef('set_by', 'set null'),
  },
  (table) => [index('exchange_rates_currency_set_at_idx').on(table.currency, table.setAt)],
);

/**
 * Each reconciliation's result (the daily job and an admin's "run now"): what differed between our
 * payouts and the provider's transfers, and its balance against the payouts due. The newest is
 * shown to admins and exported as metrics.
 */
export const payoutReconciliations = pgTable(
  'payout_reconciliations',
  {
    id: primaryId(),
    ranAt: at('ran_at').notNull(),
    periodFrom: at('period_from').notNull(),
    periodTo: at('period_to').notNull(),
    compared: integer('compared').notNull(),
    /** TransferDifference[] (server/services/billing/payouts/reconcile.service.ts). */
    differences: jsonb('differences').notNull(),
    /** BalanceCheck[]. */
    balances: jsonb('balances').notNull(),
  },
  (table) => [index('payout_reconciliations_ran_at_idx').on(table.ranAt)],
);
