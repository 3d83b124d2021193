import { authMessages } from '../../common/schemas/auth.ts';
import { AppError } from '../errors.ts';
import type { UserRecord } from '../repositories/users.repository.ts';

/**
 * Posting, subscribing, messaging and every act on other people (liking, following, opening a
 * conversation, reporting) need a verified email; signing in and browsing do not.
 */
export function requireVerified(user: Pick<UserRecord, 'isEmailVerified'>): void {
  if (!user.isEmailVerified) throw new AppError('EMAIL_NOT_VERIFIED', authMessages.emailNotVerified);
}

export function isAdmin(user: Pick<UserRecord, 'role'>): boolean {
  return user.role === 'admin';
}
