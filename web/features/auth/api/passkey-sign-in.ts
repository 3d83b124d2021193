import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type AfterSignIn, afterSignIn } from '../sign-in-flow.ts';
import { readSession } from './auth-response.ts';
import { resendVerification } from './resend-verification.ts';

/** Options from the server, the browser's passkey prompt, then POST /api/auth/passkey: a session. */
export function usePasskeySignIn() {
  return useMutation({
    mutationFn: async (): Promise<AfterSignIn> => {
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const optionsJSON = (await api.post('/auth/passkey/options')) as Parameters<
        typeof startAuthentication
      >[0]['optionsJSON'];
      const response = await startAuthentication({ optionsJSON });
      return afterSignIn(readSession(await api.post('/auth/passkey', { response })), (email) =>
        resendVerification({ email }),
      );
    },
  });
}
