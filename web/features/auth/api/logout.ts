import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAppNavigate } from '../../../hooks/use-app-navigate.ts';
import { trackButtonClick } from '../../../lib/analytics.ts';
import { ApiError, api } from '../../../lib/api-client.ts';
import { getToken, signOut } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { authToasts } from '../toasts.ts';

/** POST /api/auth/logout with the given token: that session stops working at once. */
export async function endSession(token: string): Promise<void> {
  await api.post('/auth/logout', undefined, { token });
}

/**
 * Signs out. The device forgets token and user at once, whatever the server answers; the server is
 * asked to end the session. A 401 means it had already ended, which is what we wanted: only other
 * failures (network, 5xx) report 'failed', since the session may still be alive there.
 */
export async function logout(
  end: (token: string) => Promise<unknown> = endSession,
): Promise<'ok' | 'failed'> {
  const token = getToken();
  signOut();
  if (!token) return 'ok';
  try {
    await end(token);
    return 'ok';
  } catch (error) {
    return error instanceof ApiError && error.status === 401 ? 'ok' : 'failed';
  }
}

/** The Logout menu items: sign out, drop cached account data, go home, then say how it went. */
export function useLogout(): () => void {
  const queryClient = useQueryClient();
  const { go } = useAppNavigate();
  return useCallback(() => {
    trackButtonClick('logout');
    const outcome = logout();
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'public-config' });
    go('home');
    void outcome.then((result) =>
      result === 'ok' ? toast.success(authToasts.loggedOut) : toast.error(authToasts.logoutFailed),
    );
  }, [go, queryClient]);
}
