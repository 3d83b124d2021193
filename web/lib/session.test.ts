import { describe, expect, it, vi } from 'vitest';
import { sessionCookie, storageKeys } from '#common/storage-keys.ts';
import { getSession, reloadSession, renderAs, restoreSession, setSession, signOut } from './session.ts';

const storedUser = {
  id: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  profileImage: null,
  isEmailVerified: true,
  role: 'admin',
  createdAt: '2025-01-02T03:04:05.000Z',
} as const;

describe('session', () => {
  it('restores a signed-in user when token and user are both stored', () => {
    localStorage.setItem(storageKeys.token, 't1');
    localStorage.setItem(storageKeys.user, JSON.stringify(storedUser));
    expect(restoreSession()).toEqual({ token: 't1', user: storedUser });
  });

  it('reads users stored before role and createdAt existed', () => {
    localStorage.setItem(storageKeys.token, 't1');
    localStorage.setItem(storageKeys.user, JSON.stringify({ id: 7, email: 'old@example.com' }));
    expect(restoreSession()?.user).toEqual({
      id: '7',
      email: 'old@example.com',
      firstName: null,
      lastName: null,
      profileImage: null,
      isEmailVerified: false,
      role: 'user',
      createdAt: null,
    });
  });

  it('stays signed out when only one of the two is stored', () => {
    localStorage.setItem(storageKeys.token, 't1');
    expect(restoreSession()).toBeNull();
  });

  it('clears both keys when the stored user cannot be read', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem(storageKeys.token, 't1');
    localStorage.setItem(storageKeys.user, '{not json');
    expect(restoreSession()).toBeNull();
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
    expect(localStorage.getItem(storageKeys.user)).toBeNull();
    expect(warn).toHaveBeenCalled();
  });

  it('setSession stores both keys and signOut removes both', () => {
    setSession({ token: 't2', user: storedUser });
    expect(localStorage.getItem(storageKeys.token)).toBe('t2');
    expect(JSON.parse(localStorage.getItem(storageKeys.user) ?? 'null')).toEqual(storedUser);
    expect(getSession()?.user.email).toBe('ada@example.com');
    signOut();
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
    expect(localStorage.getItem(storageKeys.user)).toBeNull();
    expect(getSession()).toBeNull();
  });

  describe("the page cookie (the server renders this viewer's own first paint with it)", () => {
    const cookieToken = () =>
      document.cookie
        .split('; ')
        .find((part) => part.startsWith(`${sessionCookie}=`))
        ?.slice(sessionCookie.length + 1) ?? null;

    it('carries the token of a new sign-in, and goes at sign-out', () => {
      setSession({ token: 'token with spaces;', user: storedUser });
      expect(decodeURIComponent(cookieToken() ?? '')).toBe('token with spaces;');
      signOut();
      expect(cookieToken()).toBeNull();
    });

    it('follows the stored session when it is read again (a session from before, another tab)', () => {
      signOut();
      localStorage.setItem(storageKeys.token, 't-stored');
      localStorage.setItem(storageKeys.user, JSON.stringify(storedUser));
      reloadSession();
      expect(cookieToken()).toBe('t-stored');
      localStorage.clear();
      reloadSession();
      expect(cookieToken()).toBeNull();
    });

    it('renders as a given session for one synchronous render only', () => {
      signOut();
      const seen = renderAs({ token: 't-page', user: storedUser }, () => getSession()?.user.id);
      expect(seen).toBe('u1');
      expect(getSession()).toBeNull();
      expect(cookieToken()).toBeNull();
    });
  });
});
