import { useMutation } from '@tanstack/react-query';
import type { VerifyEmailInput } from '#common/schemas/auth.ts';
import { api } from '../../../lib/api-client.ts';
import type { Session } from '../../../lib/session.ts';
import { pendingEmail } from '../pending-email.ts';
import { clearResendWait } from '../resend-timer.ts';
import { readSession } from './auth-response.ts';
import { startSession } from './start-session.ts';

/** POST /api/auth/verify-email: a right code verifies the address and signs the user in. */
export async function verifyEmail(input: VerifyEmailInput): Promise<Session> {
  return readSession(await api.post('/auth/verify-email', input));
}

export function useVerifyEmail() {
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: (session) => {
      pendingEmail.clear();
      clearResendWait();
      startSession(session);
    },
  });
}
