import { useSyncExternalStore } from 'react';
import { storageKeys } from '#common/storage-keys.ts';
import { tellWorkerSignedOut } from './service-worker.ts';
import { onStorageChange, storage } from './storage.ts';

export type UserRole = 'user' | 'admin';

/** The signed-in user as kept under the spec's `user` storage key. */
export interface SessionUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImage: string | null;
  isEmailVerified: boolean;
  role: UserRole;
  /** ISO 8601; null for a user stored before the field existed. */
  createdAt: string | null;
}

export interface Session {
  token: string;
  user: SessionUser;
}

const optionalText = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

/**
 * Reads a user (stored, or from a server answer); anything that is not an object with a string id
 * and email is rejected. Checked by hand so zod stays out of the first page's JavaScript.
 */
export function toSessionUser(value: unknown): SessionUser {
  if (typeof value !== 'object' || value === null) throw new Error('User is not an object');
  const record = value as Record<string, unknown>;
  if (typeof record.id !== 'string' && typeof record.id !== 'number') throw new Error('User has no id');
  if (typeof record.email !== 'string') throw new Error('User has no email');
  return {
    id: String(record.id),
    email: record.email,
    firstName: optionalText(record.firstName),
    lastName: optionalText(record.lastName),
    profileImage: optionalText(record.profileImage),
    isEmailVerified: record.isEmailVerified === true,
    role: record.role === 'admin' ? 'admin' : 'user',
    createdAt: optionalText(record.createdAt),
  };
}

/** Reads the JSON kept under the `user` storage key. */
export function parseStoredUser(raw: string): SessionUser {
  return toSessionUser(JSON.parse(raw));
}

/** Restores the session from storage: both keys are needed, and an unreadable user clears both. */
export function restoreSession(): Session | null {
  const token = storage.get(storageKeys.token);
  const rawUser = storage.get(storageKeys.user);
  if (!token || !rawUser) return null;
  try {
    return { token, user: parseStoredUser(rawUser) };
  } catch (error) {
    console.warn('Stored session could not be read; signing out', error);
    storage.remove(storageKeys.token, storageKeys.user);
    return null;
  }
}

let current: Session | null = restoreSession();
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function getSession(): Session | null {
  return current;
}

export function getToken(): string | null {
  return current?.token ?? storage.get(storageKeys.token);
}

/** Stores a fresh sign-in (token and user) and tells every subscriber. */
export function setSession(session: Session): void {
  storage.set(storageKeys.token, session.token);
  storage.set(storageKeys.user, JSON.stringify(session.user));
  current = session;
  emit();
}

/** Forgets the session locally: both storage keys go, subscribers re-render signed out. */
export function signOut(): void {
  storage.remove(storageKeys.token, storageKeys.user);
  // The feed pages the worker keeps for offline visits are this viewer's (web/sw/index.ts).
  tellWorkerSignedOut();
  if (current === null) return;
  current = null;
  emit();
}

/** Re-reads storage; used after another tab signs in or out, and by tests. */
export function reloadSession(): void {
  current = restoreSession();
  emit();
}

let stopWatchingOtherTabs: (() => void) | null = null;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  stopWatchingOtherTabs ??= onStorageChange([storageKeys.token, storageKeys.user], reloadSession);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      stopWatchingOtherTabs?.();
      stopWatchingOtherTabs = null;
    }
  };
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession, getSession);
}
