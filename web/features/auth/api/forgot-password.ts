import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordInput } from '#common/schemas/auth.ts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/auth/forgot-password: the same answer whether or not the account exists. */
export async function forgotPassword(input: ForgotPasswordInput): Promise<void> {
  await api.post('/auth/forgot-password', input);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
