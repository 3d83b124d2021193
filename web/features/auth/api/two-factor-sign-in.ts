import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type AfterSignIn, afterSignIn } from '../sign-in-flow.ts';
import { readSession } from './auth-response.ts';
import { resendVerification } from './resend-verification.ts';

/** What sign-in (password or Google) answers: a session, or the second step still to do. */
export type FirstStep = AfterSignIn | { challenge: string };

/** The challenge when the answer asks for a second step; null for a session. */
export function readChallenge(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const { twoFactorRequired, challenge } = body as Record<string, unknown>;
  return twoFactorRequired === true && typeof challenge === 'string' ? challenge : null;
}

/** A sign-in answer to what follows: the challenge, or the session kept (and a code sent if unverified). */
export async function afterFirstStep(body: unknown): Promise<FirstStep> {
  const challenge = readChallenge(body);
  if (challenge) return { challenge };
  return afterSignIn(readSession(body), (email) => resendVerification({ email }));
}

/** POST /api/auth/signin/two-factor: the challenge and a code from the app (or a recovery code). */
export function useTwoFactorSignIn() {
  return useMutation({
    mutationFn: async (input: { challenge: string; code: string }): Promise<AfterSignIn> =>
      afterSignIn(readSession(await api.post('/auth/signin/two-factor', input)), (email) =>
        resendVerification({ email }),
      ),
  });
}
