import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { at } from './columns.ts';
import { userRef, users } from './users.ts';

/** One live 6-digit code per user, stored as an HMAC; a resend replaces it. */
export const emailVerificationCodes = pgTable('email_verification_codes', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  createdAt: at('created_at').notNull(),
  expiresAt: at('expires_at').notNull(),
});

/** Single-use password reset links, stored as sha256 of the token. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: userRef('user_id', 'cascade').notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (table) => [index('password_reset_tokens_user_id_idx').on(table.userId)],
);

/** A sign-in started at an OpenID provider: what the callback must check, kept 10 minutes. */
export const oauthStates = pgTable(
  'oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    provider: text('provider').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    browserHash: text('browser_hash').notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (table) => [index('oauth_states_expires_at_idx').on(table.expiresAt)],
);

/** The one-time code the web app trades for a session after an OpenID sign-in (never the token itself). */
export const oauthExchangeCodes = pgTable(
  'oauth_exchange_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: userRef('user_id', 'cascade').notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (table) => [index('oauth_exchange_codes_expires_at_idx').on(table.expiresAt)],
);

/** Which provider account signs in as which user. */
export const oauthAccounts = pgTable(
  'oauth_accounts',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: userRef('user_id', 'cascade').notNull(),
    email: text('email').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.subject] }),
    index('oauth_accounts_user_id_idx').on(table.userId),
  ],
);

/**
 * Two-step sign-in with an authenticator app (TOTP). The secret is stored encrypted (AES-256-GCM,
 * key derived from APP_SECRET); `enabledAt` is null while setup waits for its first code.
 * `lastUsedStep` is the 30-second step of the last accepted code, so each code works once.
 */
export const twoFactorSecrets = pgTable('two_factor_secrets', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretCiphertext: text('secret_ciphertext').notNull(),
  enabledAt: at('enabled_at'),
  lastUsedStep: integer('last_used_step').notNull().default(0),
  createdAt: at('created_at').notNull(),
});

/** Single-use recovery codes, stored as keyed hashes. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    userId: userRef('user_id', 'cascade').notNull(),
    codeHash: text('code_hash').notNull(),
    usedAt: at('used_at'),
  },
  (table) => [primaryKey({ columns: [table.userId, table.codeHash] })],
);

/** A sign-in whose password (or Google) step passed and that waits for the second factor: 10 minutes, 5 tries. */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: userRef('user_id', 'cascade').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (table) => [index('sign_in_challenges_user_id_idx').on(table.userId)],
);

/** Passkeys (WebAuthn credentials). A passkey sign-in counts as two factors. */
export const passkeys = pgTable(
  'passkeys',
  {
    /** The credential id (base64url), as the authenticator reports it. */
    id: text('id').primaryKey(),
    userId: userRef('user_id', 'cascade').notNull(),
    name: text('name').notNull(),
    publicKey: text('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    transports: text('transports').notNull().default(''),
    createdAt: at('created_at').notNull(),
    lastUsedAt: at('last_used_at'),
  },
  (table) => [index('passkeys_user_id_idx').on(table.userId)],
);

/** A WebAuthn challenge handed out and not yet answered: 5 minutes, single use. */
export const webauthnChallenges = pgTable('webauthn_challenges', {
  challenge: text('challenge').primaryKey(),
  /** The account adding a passkey; null for a passkey sign-in (the account is not known yet). */
  userId: userRef('user_id', 'cascade'),
  purpose: text('purpose', { enum: ['register', 'sign-in'] }).notNull(),
  expiresAt: at('expires_at').notNull(),
});

/** The browsers (family and system, e.g. 'Chrome on Linux') an account has signed in from: a new one is emailed about. */
export const knownBrowsers = pgTable(
  'known_browsers',
  {
    userId: userRef('user_id', 'cascade').notNull(),
    browser: text('browser').notNull(),
    firstSeenAt: at('first_seen_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.browser] })],
);
