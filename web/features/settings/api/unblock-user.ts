import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { blockedUsersKey } from './get-blocked-users.ts';

/** DELETE /api/me/blocks/:userId: they can see you and reach you again (nothing severed comes back). */
export async function unblockUser(userId: string): Promise<string> {
  const [body, { messageResponseSchema }] = await Promise.all([
    api.delete(`/me/blocks/${encodeURIComponent(userId)}`),
    import('#common/schemas/auth.ts'),
  ]);
  return messageResponseSchema.parse(body).message;
}

export function useUnblockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unblockUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blockedUsersKey }),
  });
}
