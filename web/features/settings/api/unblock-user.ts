import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '#common/schemas/auth.ts';
import { api } from '../../../lib/api-client.ts';
import { blockedUsersKey } from './get-blocked-users.ts';

/** DELETE /api/me/blocks/:userId: they can see you and reach you again (nothing severed comes back). */
export async function unblockUser(userId: string): Promise<string> {
  return messageResponseSchema.parse(await api.delete(`/me/blocks/${encodeURIComponent(userId)}`)).message;
}

export function useUnblockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unblockUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blockedUsersKey }),
  });
}
