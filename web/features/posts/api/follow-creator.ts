import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FollowState } from '#common/schemas/creators.ts';
import { api } from '../../../lib/api-client.ts';
import { readFollowState } from '../../../lib/read-response.ts';
import { setCachedFollowing } from './post-cache.ts';

const followPath = (handle: string) => `/creators/${encodeURIComponent(handle)}/follow`;

/** POST /api/creators/:handle/follow (kept here so features do not import each other) */
export async function followCreator(handle: string): Promise<FollowState> {
  return readFollowState(await api.post(followPath(handle)));
}

/** DELETE /api/creators/:handle/follow */
export async function unfollowCreator(handle: string): Promise<FollowState> {
  return readFollowState(await api.delete(followPath(handle)));
}

export function useFollowFromPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ handle, follow }: { handle: string; follow: boolean }) =>
      follow ? followCreator(handle) : unfollowCreator(handle),
    onSuccess: (state, { handle }) => {
      setCachedFollowing(queryClient, handle, state.following);
      // Home's feed changes with whom you follow; it is asked again when next shown, not under the reader.
      void queryClient.invalidateQueries({ queryKey: ['posts', 'feed'], refetchType: 'none' });
      return queryClient.invalidateQueries({ queryKey: ['creators'] });
    },
  });
}
