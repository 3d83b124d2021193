import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  reportReasons,
  reportStatuses,
  reportTargets,
  storedDataExportStatuses,
  supportCategories,
  ticketStatuses,
} from '../../../common/schemas/safety.ts';
import { at, primaryId } from './columns.ts';
import { userRef, users } from './users.ts';

/** A change of email waiting for the code sent to the new address. One per user; a new request replaces it. */
export const emailChangeRequests = pgTable('email_change_requests', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  newEmail: text('new_email').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  createdAt: at('created_at').notNull(),
  expiresAt: at('expires_at').notNull(),
});

/** A Contact Support request; admins reply by email and close it. */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: primaryId(),
    /** The signed-in user who wrote, if any (the form also works signed out). */
    userId: userRef('user_id', 'set null'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    category: text('category', { enum: supportCategories }).notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: ticketStatuses }).notNull().default('open'),
    createdAt: at('created_at').notNull(),
    closedAt: at('closed_at'),
  },
  (table) => [index('support_tickets_status_id_idx').on(table.status, table.id)],
);

export const supportReplies = pgTable(
  'support_replies',
  {
    id: primaryId(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    adminId: userRef('admin_id', 'set null'),
    message: text('message').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (table) => [index('support_replies_ticket_id_idx').on(table.ticketId)],
);

/** A user's report of a post, a profile or a message; admins must resolve each one. */
export const reports = pgTable(
  'reports',
  {
    id: primaryId(),
    reporterId: userRef('reporter_id', 'set null'),
    targetType: text('target_type', { enum: reportTargets }).notNull(),
    targetId: uuid('target_id').notNull(),
    /** The account the reported content belongs to, kept even when the content is removed. */
    targetUserId: userRef('target_user_id', 'set null'),
    reason: text('reason', { enum: reportReasons }).notNull(),
    details: text('details').notNull().default(''),
    status: text('status', { enum: reportStatuses }).notNull().default('open'),
    resolution: text('resolution'),
    resolvedBy: userRef('resolved_by', 'set null'),
    createdAt: at('created_at').notNull(),
    resolvedAt: at('resolved_at'),
  },
  (table) => [index('reports_status_id_idx').on(table.status, table.id)],
);

/**
 * "Download your data": a zip made by a job into media storage under a private key
 * (`exports/<id>/data.zip`), kept until `expires_at` and then removed with its row. At most one
 * waiting per user (the partial unique index), so asking twice answers with the same one.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: primaryId(),
    userId: userRef('user_id', 'cascade').notNull(),
    status: text('status', { enum: storedDataExportStatuses }).notNull().default('waiting'),
    storageKey: text('storage_key'),
    size: bigint('size', { mode: 'number' }),
    reason: text('reason'),
    requestedAt: at('requested_at').notNull(),
    readyAt: at('ready_at'),
    expiresAt: at('expires_at'),
  },
  (table) => [
    index('data_exports_user_id_idx').on(table.userId, table.requestedAt),
    uniqueIndex('data_exports_one_waiting_idx').on(table.userId).where(sql`status = 'waiting'`),
    index('data_exports_expires_at_idx').on(table.expiresAt),
  ],
);
