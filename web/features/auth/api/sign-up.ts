import { useMutation } from '@tanstack/react-query';
import type { SignupInput } from '#common/schemas/auth.ts';
import { api } from '../../../lib/api-client.ts';
import type { SessionUser } from '../../../lib/session.ts';
import { pendingEmail } from '../pending-email.ts';
import { clearResendWait } from '../resend-timer.ts';
import { readUser } from './auth-response.ts';

/** POST /api/auth/signup: creates an unverified account (201 `{ user }`) and emails its first code. */
export async function signUp(input: SignupInput): Promise<SessionUser> {
  return readUser(await api.post('/auth/signup', input));
}

/** Remembers the new address for the verification page; 'Resend Code' starts enabled (spec). */
export function useSignUp() {
  return useMutation({
    mutationFn: signUp,
    onSuccess: (user) => {
      pendingEmail.set(user.email);
      clearResendWait();
    },
  });
}
