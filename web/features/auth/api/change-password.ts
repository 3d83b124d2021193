import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordInput } from '#common/schemas/auth.ts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/auth/change-password: the other sessions are signed out, this one stays. */
export async function changePassword(input: ChangePasswordInput): Promise<void> {
  await api.post('/auth/change-password', input);
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['auth', 'sessions'] }),
  });
}
