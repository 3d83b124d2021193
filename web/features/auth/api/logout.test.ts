import { describe, expect, it, vi } from 'vitest';
import { storageKeys } from '#common/storage-keys.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { getSession, reloadSession } from '../../../lib/session.ts';
import { logout } from './logout.ts';

function signIn(): void {
  localStorage.setItem(storageKeys.token, 'token-1');
  localStorage.setItem(storageKeys.user, JSON.stringify({ id: 'u1', email: 'ada@example.com' }));
  reloadSession();
}

const failing = (error: unknown) => vi.fn(async () => Promise.reject(error));

describe('logout', () => {
  it('ends the session on the server with its token, and forgets it here', async () => {
    signIn();
    const end = vi.fn(async () => {});
    await expect(logout(end)).resolves.toBe('ok');
    expect(end).toHaveBeenCalledWith('token-1');
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
    expect(localStorage.getItem(storageKeys.user)).toBeNull();
    expect(getSession()).toBeNull();
  });

  it('signs out here before the server answers', () => {
    signIn();
    void logout(() => new Promise(() => {}));
    expect(getSession()).toBeNull();
  });

  it('counts a 401 as done: the session had already ended', async () => {
    signIn();
    const end = failing(new ApiError(401, { message: 'Unauthorized', code: 'UNAUTHORIZED' }));
    await expect(logout(end)).resolves.toBe('ok');
    expect(getSession()).toBeNull();
  });

  it("reports other failures ('Failed to log out') but still signs this device out", async () => {
    signIn();
    const end = failing(new ApiError(0, { message: 'Could not reach the server.', code: 'NETWORK_ERROR' }));
    await expect(logout(end)).resolves.toBe('failed');
    expect(localStorage.getItem(storageKeys.token)).toBeNull();

    signIn();
    await expect(logout(failing(new ApiError(500, { message: 'x', code: 'INTERNAL' })))).resolves.toBe(
      'failed',
    );
    expect(getSession()).toBeNull();
  });

  it('asks nothing of the server when no one is signed in', async () => {
    const end = vi.fn();
    await expect(logout(end)).resolves.toBe('ok');
    expect(end).not.toHaveBeenCalled();
  });
});
