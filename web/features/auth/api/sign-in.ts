import { useMutation } from '@tanstack/react-query';
import type { SigninInput } from '#common/schemas/auth.ts';
import { api } from '../../../lib/api-client.ts';
import type { Session } from '../../../lib/session.ts';
import { type AfterSignIn, afterSignIn } from '../sign-in-flow.ts';
import { readSession } from './auth-response.ts';
import { resendVerification } from './resend-verification.ts';

/** POST /api/auth/signin: `{ token, user }`, 401 for a wrong pair, 429 while locked. */
export async function signIn(input: SigninInput): Promise<Session> {
  return readSession(await api.post('/auth/signin', input));
}

/** Signs in, keeps the session, and for an unverified address sends a fresh code on the way. */
export function useSignIn() {
  return useMutation({
    mutationFn: async (input: SigninInput): Promise<AfterSignIn> =>
      afterSignIn(await signIn(input), (email) => resendVerification({ email })),
  });
}
