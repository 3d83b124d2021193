import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatorProfile, FollowState } from '#common/schemas/creators.ts';
import { api } from '../../../lib/api-client.ts';
import { readFollowState } from '../../../lib/read-response.ts';

const followPath = (handle: string) => `/creators/${encodeURIComponent(handle)}/follow`;

/** POST /api/creators/:handle/follow */
export async function followCreator(handle: string): Promise<FollowState> {
  return readFollowState(await api.post(followPath(handle)));
}

/** DELETE /api/creators/:handle/follow */
export async function unfollowCreator(handle: string): Promise<FollowState> {
  return readFollowState(await api.delete(followPath(handle)));
}

export interface FollowInput {
  handle: string;
  follow: boolean;
}

/** Every cached copy of this creator's page takes the server's new count at once. */
function applyFollowState(queryClient: QueryClient, handle: string, state: FollowState): void {
  queryClient.setQueriesData<CreatorProfile>({ queryKey: ['creators', 'profile'] }, (profile) =>
    profile?.handle === handle
      ? {
          ...profile,
          counts: { ...profile.counts, followers: state.followers },
          viewer: { ...profile.viewer, isFollowing: state.following },
        }
      : profile,
  );
}

export function useFollowCreator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ handle, follow }: FollowInput) =>
      follow ? followCreator(handle) : unfollowCreator(handle),
    onSuccess: (state, { handle }) => {
      applyFollowState(queryClient, handle, state);
      return queryClient.invalidateQueries({ queryKey: ['creators'] });
    },
  });
}
