import { useMutation } from '@tanstack/react-query';
import { type SignupInput, type SignupResponse, signupResponseSchema } from '#common/schemas/auth.ts';
import { api } from '../../../lib/api-client.ts';
import { pendingEmail } from '../pending-email.ts';
import { clearResendWait } from '../resend-timer.ts';

/**
 * POST /api/auth/signup: creates an unverified account and emails its first code. The answer is
 * the same when the address already has an account (its owner gets an email instead).
 */
export async function signUp(input: SignupInput): Promise<SignupResponse> {
  return signupResponseSchema.parse(await api.post('/auth/signup', input));
}

/** Remembers the new address for the verification page; 'Resend Code' starts enabled (spec). */
export function useSignUp() {
  return useMutation({
    mutationFn: signUp,
    onSuccess: (answer) => {
      pendingEmail.set(answer.email);
      clearResendWait();
    },
  });
}
