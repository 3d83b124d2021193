import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordInput } from '#common/schemas/auth.ts';
import { api } from '../../../lib/api-client.ts';
import { signOut } from '../../../lib/session.ts';

/** POST /api/auth/reset-password: sets the new password and ends every session of the account. */
export async function resetPassword(input: ResetPasswordInput): Promise<void> {
  await api.post('/auth/reset-password', input);
}

export function useResetPassword() {
  return useMutation({
    mutationFn: resetPassword,
    // The server has just revoked every session, this device's included: forget the dead token.
    onSuccess: () => signOut(),
  });
}
