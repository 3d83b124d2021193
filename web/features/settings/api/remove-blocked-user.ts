import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '#common/schemas/auth.ts';
import { api } from '../../../lib/api-client.ts';
import { blockedUsersKey } from './get-blocked-users.ts';

/**
 * POST /api/me/blocks/:userId/remove ("Delete User"): they stop following you, their subscription to
 * you ends now, and your side of the conversation is hidden. The block itself stays.
 */
export async function removeBlockedUser(userId: string): Promise<string> {
  return messageResponseSchema.parse(await api.post(`/me/blocks/${encodeURIComponent(userId)}/remove`))
    .message;
}

export function useRemoveBlockedUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeBlockedUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blockedUsersKey }),
  });
}
