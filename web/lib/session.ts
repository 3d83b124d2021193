import { useSyncExternalStore } from 'react';
import { limits } from '#common/limits.ts';
import { sessionCookie, storageKeys } from '#common/storage-keys.ts';
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

/**
 * Keeps the page cookie (common/storage-keys.ts) in step with the stored session, so the server
 * renders this viewer's own first paint of Home, Discover and a profile. Not HttpOnly: it holds
 * the token the app already keeps in storage, and only the app writes it.
 */
function syncSessionCookie(session: Session | null): void {
  if (typeof document === 'undefined') return;
  const written = readSessionCookie();
  if (session?.token === written || (!session && written === null)) return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari before 18.4 and from the test DOM.
  document.cookie = session
    ? `${sessionCookie}=${encodeURIComponent(session.token)}; Path=/; SameSite=Lax; Max-Age=${limits.auth.sessionTtlDays * 86_400}${secure}`
    : `${sessionCookie}=; Path=/; SameSite=Lax; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT${secure}`;
}

function readSessionCookie(): string | null {
  const prefix = `${sessionCookie}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return entry ? decodeURIComponent(entry.slice(prefix.length)) || null : null;
}

let current: Session | null = restoreSession();
syncSessionCookie(current);
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
  syncSessionCookie(session);
  emit();
}

/** Forgets the session locally: both storage keys go, subscribers re-render signed out. */
export function signOut(): void {
  storage.remove(storageKeys.token, storageKeys.user);
  syncSessionCookie(null);
  // The feed pages the worker keeps for offline visits are this viewer's (web/sw/index.ts).
  tellWorkerSignedOut();
  if (current === null) return;
  current = null;
  emit();
}

/** Re-reads storage; used after another tab signs in or out, and by tests. */
export function reloadSession(): void {
  current = restoreSession();
  syncSessionCookie(current);
  emit();
}

/**
 * Renders as `session` on the server (web/entry-server.tsx): `render` runs synchronously, so no
 * other page's render sees it. In the browser the session is always the stored one.
 */
export function renderAs<T>(session: Session | null, render: () => T): T {
  const stored = current;
  current = session;
  try {
    return render();
  } finally {
    current = stored;
  }
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
