import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, primaryId, updatedAt } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: primaryId(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    profileImage: text('profile_image'),
    isEmailVerified: boolean('is_email_verified').notNull().default(false),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    /** A suspended account cannot sign in (set by an admin resolving a report). */
    suspendedAt: at('suspended_at'),
    /** A deleted account keeps only this row, anonymized, for the ledger's sake. */
    deletedAt: at('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`)],
);

/** A reference to an account; `onDelete` says what becomes of the row when the account goes. */
export const userRef = (name: string, onDelete: 'cascade' | 'set null') =>
  uuid(name).references(() => users.id, { onDelete });

export const sessions = pgTable(
  'sessions',
  {
    id: primaryId(),
    userId: userRef('user_id', 'cascade').notNull(),
    tokenHash: text('token_hash').notNull(),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
    createdAt: createdAt(),
    lastUsedAt: at('last_used_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    /** When this session last proved a second factor (two-step code, recovery code or passkey). */
    secondFactorAt: at('second_factor_at'),
  },
  (table) => [
    uniqueIndex('sessions_token_hash_key').on(table.tokenHash),
    index('sessions_user_id_idx').on(table.userId),
    index('sessions_expires_at_idx').on(table.expiresAt),
  ],
);
