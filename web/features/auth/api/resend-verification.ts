import { useMutation } from '@tanstack/react-query';
import type { ResendVerificationInput } from '#common/schemas/auth.ts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/auth/resend-verification: a new code, at most once per 600 s per address (429 otherwise). */
export async function resendVerification(input: ResendVerificationInput): Promise<void> {
  await api.post('/auth/resend-verification', input);
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
