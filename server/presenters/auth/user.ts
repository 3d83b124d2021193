import type { PublicUser } from '../../../common/schemas/auth.ts';
import type { SignInAnswer } from '../../../common/schemas/two-factor.ts';
import type { UserRecord } from '../../repositories/auth/users.repository.ts';
import type { FirstFactorResult } from '../../services/auth/two-factor.service.ts';

/** The only way a user row leaves the server: no password hash, no internal columns. */
export function presentUser(user: UserRecord): PublicUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImage: user.profileImage,
    isEmailVerified: user.isEmailVerified,
    role: user.role,
    createdAt: user.createdAt.toISOString(),
  };
}

/**
 * How one user is named to another: a creator's page name, else their first and last name, else a
 * neutral word. Never the email: no response to one user carries another user's address.
 */
export function nameForOthers(person: {
  firstName: string;
  lastName: string;
  displayName?: string | null;
}): string {
  return person.displayName?.trim() || `${person.firstName} ${person.lastName}`.trim() || 'Fanplace member';
}

/** Sign-in's answer: the session and user, or only the challenge (nothing about the account). */
export function presentSignIn(result: FirstFactorResult): SignInAnswer {
  return result.kind === 'session'
    ? { token: result.token, user: presentUser(result.user) }
    : { twoFactorRequired: true, challenge: result.challenge };
}
