import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Session } from '../../../lib/session.ts';
import { type AfterSignIn, afterSignIn } from '../sign-in-flow.ts';
import { readSession } from './auth-response.ts';
import { resendVerification } from './resend-verification.ts';

/** POST /api/auth/google/exchange: trades the one-time code from Google's return for a session. */
export async function exchangeGoogleCode(code: string): Promise<Session> {
  return readSession(await api.post('/auth/google/exchange', { code }));
}

/** Like a password sign-in: the session is kept, an unverified address gets a code on the way. */
export function useGoogleExchange() {
  return useMutation({
    mutationFn: async (code: string): Promise<AfterSignIn> =>
      afterSignIn(await exchangeGoogleCode(code), (email) => resendVerification({ email })),
  });
}
