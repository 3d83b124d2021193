/** The actor and the refusal: the words the access funnel (access.ts) and its table (actions.ts) share. */
import type { ErrorCode } from '../../common/errors.ts';
import type { UserRecord } from '../repositories/auth/users.repository.ts';

/** What a team member may do for a creator (teams: none are given today). */
export type TeamRole = 'manager' | 'chatter' | 'editor';

/**
 * Who is acting: the signed-in account (null for a visitor) and, for a team member, the creator they
 * act for with their roles. Today nobody acts for someone else.
 */
export interface Actor {
  /** With `isEmailVerified` where a rule asks it (paying a creator): left out, it counts as not verified. */
  user: (Pick<UserRecord, 'id' | 'role'> & Partial<Pick<UserRecord, 'isEmailVerified'>>) | null;
  actingFor: { creatorUserId: string; roles: readonly TeamRole[] } | null;
}

/** The actor of a request: the account itself, acting for no one else. */
export const actorOf = (user: Actor['user']): Actor => ({ user, actingFor: null });

/** How a refusal is told to the caller: a stable code (its status travels with it) and the words. */
export interface Refusal {
  code: ErrorCode;
  message: string;
  fields?: Record<string, string>;
}

export const refuse = {
  forbidden: (message: string): Refusal => ({ code: 'FORBIDDEN', message }),
  /** To this actor the object does not exist. */
  notFound: (message: string): Refusal => ({ code: 'NOT_FOUND', message }),
  unverified: (message: string): Refusal => ({ code: 'EMAIL_NOT_VERIFIED', message }),
  conflict: (message: string): Refusal => ({ code: 'CONFLICT', message }),
  /** A sensitive action wants a second factor proved in this session lately. */
  secondFactor: (message: string): Refusal => ({ code: 'TWO_FACTOR_REQUIRED', message }),
  /** The creator chose not to be shown in the requesting country (451). */
  region: (message: string): Refusal => ({ code: 'REGION_BLOCKED', message }),
} as const;
