import { useEffect } from 'react';
import { getSession, setSession, useSession } from '../../../lib/session.ts';
import { useProfile } from '../api/get-profile.ts';

/**
 * Once per visit (and every few minutes of use), asks the server who the stored token belongs to:
 * the stored user is brought up to date, and a token revoked elsewhere (a password reset, a session
 * ended from another device) answers 401, which signs this device out.
 */
export function SessionRefresh() {
  const userId = useSession()?.user.id;
  const profile = useProfile(userId);

  useEffect(() => {
    const session = getSession();
    if (!profile.data || !session || session.user.id !== profile.data.id) return;
    if (JSON.stringify(session.user) === JSON.stringify(profile.data)) return;
    setSession({ token: session.token, user: profile.data });
  }, [profile.data]);

  return null;
}
