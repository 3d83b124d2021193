/** Accounts: what a verified email opens, who holds a session, whose sessions are whose, admins' work. */
import { authMessages } from '../../../common/schemas/auth.ts';
import { passkeyMessages } from '../../../common/schemas/passkeys.ts';
import { safetyMessages } from '../../../common/schemas/safety.ts';
import { twoFactorMessages } from '../../../common/schemas/two-factor.ts';
import type { UserRecord } from '../../repositories/auth/users.repository.ts';
import { refuse } from '../actor.ts';
import { isAdmin, isSelf, row } from './row.ts';

/** A suspended or deleted account holds no session: it cannot sign in, and its old tokens stop working. */
export const canHoldSession = (user: Pick<UserRecord, 'suspendedAt' | 'deletedAt'>) =>
  user.suspendedAt === null && user.deletedAt === null;

/** How long a second factor proved in a session opens its sensitive actions. */
export const STEP_UP_WINDOW_MS = 5 * 60 * 1000;

/** A session's second-factor standing: whether two-step is on, when this session last proved it. */
export interface SecondFactorFacts {
  twoFactorOn: boolean;
  secondFactorAt: Date | null;
  now: Date;
}

export const accountActions = {
  /**
   * Posting, messaging and every act on other people (liking, following, commenting, voting,
   * opening a conversation, reporting) and becoming a creator need a verified email; signing in and
   * browsing do not. The actor's `isEmailVerified` is the fact (left out, it counts as not verified).
   */
  'account:act': row<Record<string, never>>(
    [
      'POST /api/posts',
      'POST /api/posts/:id/like',
      'POST /api/posts/:id/poll/vote',
      'POST /api/creators/:handle/follow',
      'POST /api/posts/:id/comments',
      'POST /api/comments/:id/like',
      'POST /api/conversations',
      'POST /api/reports',
      'GET /api/creators/onboarding',
      'PUT /api/creators/onboarding',
      'POST /api/creators/onboarding/complete',
      'POST /api/subscriptions/initialize-payment',
    ],
    (actor) =>
      actor.user?.isEmailVerified === true ? null : refuse.unverified(authMessages.emailNotVerified),
  ),
  /** Signing in, by any method: not for a suspended or deleted account. */
  'account:sign-in': row<Pick<UserRecord, 'suspendedAt' | 'deletedAt'>>(
    [
      'POST /api/auth/signin',
      'POST /api/auth/signin/two-factor',
      'POST /api/auth/passkey',
      'POST /api/auth/google/exchange',
    ],
    (_actor, account) => (canHoldSession(account) ? null : refuse.forbidden(safetyMessages.suspended)),
  ),
  /**
   * Sensitive actions (email, password, turning two-step off, deleting the account, payouts): with
   * two-step on, this session must have proved a second factor in the last 5 minutes.
   */
  'account:sensitive': row<SecondFactorFacts>(
    [
      'POST /api/auth/change-password',
      'DELETE /api/me/two-factor',
      'POST /api/me/delete',
      'POST /api/me/email',
      'PUT /api/payouts/account',
      'POST /api/wallet/payouts',
    ],
    (_actor, standing) =>
      !standing.twoFactorOn ||
      standing.now.getTime() - (standing.secondFactorAt?.getTime() ?? 0) <= STEP_UP_WINDOW_MS
        ? null
        : refuse.secondFactor(twoFactorMessages.required),
  ),
  /** Only the owner renames or removes a passkey; to anyone else it does not exist. */
  'passkey:manage': row<{ passkey: { userId: string } | null }>(
    ['PATCH /api/me/passkeys/:id', 'DELETE /api/me/passkeys/:id'],
    (actor, { passkey }) =>
      passkey && isSelf(actor, passkey.userId) ? null : refuse.notFound(passkeyMessages.notFound),
  ),
  /** Only the owner sees or revokes a session; to anyone else it does not exist. */
  'session:revoke': row<{ ownerId: string | null }>(['DELETE /api/auth/sessions/:id'], (actor, session) =>
    session.ownerId !== null && isSelf(actor, session.ownerId)
      ? null
      : refuse.notFound(authMessages.sessionNotFound),
  ),
  /**
   * The one admin rule. Every `/api/admin/...` endpoint is declared for admins (server/routes/endpoints.ts),
   * and the services behind them ask it too, so the rule holds however they are reached. `task`
   * completes "Only admins can …".
   */
  'admin:act': row<{ task: string }>(
    [
      'GET /api/admin/creators',
      'POST /api/admin/creators/:id/approve',
      'POST /api/admin/creators/:id/reject',
      'GET /api/admin/reports',
      'POST /api/admin/reports/:id/resolve',
      'GET /api/admin/support',
      'GET /api/admin/support/:id',
      'POST /api/admin/support/:id/reply',
      'POST /api/admin/support/:id/close',
      'GET /api/admin/block-list',
      'POST /api/admin/block-list',
      'DELETE /api/admin/block-list/:id',
      'GET /api/admin/block-list/refusals',
      'POST /api/admin/media/:id/takedown',
    ],
    (actor, { task }) => (isAdmin(actor) ? null : refuse.forbidden(`Only admins can ${task}`)),
  ),
} as const;

/** An admin account: a fact some rules weigh (moderation never suspends an admin), not an access decision. */
export const isAdminAccount = (user: Pick<UserRecord, 'role'>) => user.role === 'admin';
