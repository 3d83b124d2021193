import { storageKeys } from '#common/storage-keys.ts';
import { reloadSession, type SessionUser } from '../lib/session.ts';

/** Stores a signed-in session the way a sign-in would, and tells the app. */
export function signInAs(user: Partial<SessionUser> = {}, token = 'token-1'): SessionUser {
  const stored: SessionUser = {
    id: 'u-1',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    profileImage: null,
    isEmailVerified: true,
    role: 'user',
    createdAt: null,
    ...user,
  };
  localStorage.setItem(storageKeys.token, token);
  localStorage.setItem(storageKeys.user, JSON.stringify(stored));
  reloadSession();
  return stored;
}

export function signOutForTest(): void {
  localStorage.clear();
  reloadSession();
}
