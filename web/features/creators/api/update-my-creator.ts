import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type CreatorProfile,
  creatorProfileSchema,
  type UpdateCreatorProfileInput,
} from '#common/schemas/creators.ts';
import { api } from '../../../lib/api-client.ts';
import { getSession, setSession } from '../../../lib/session.ts';
import { creatorQueryOptions } from './get-creator.ts';

/** PATCH /api/creators/me: display name, '@handle', bio and optionally new avatar and cover ids. */
export async function updateMyCreator(input: UpdateCreatorProfileInput): Promise<CreatorProfile> {
  return creatorProfileSchema.parse(await api.patch('/creators/me', input));
}

export function useUpdateMyCreator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMyCreator,
    onSuccess: (profile) => {
      // The public page the form navigates to shows the saved profile without waiting.
      queryClient.setQueryData(creatorQueryOptions(profile.handle).queryKey, profile);
      // The avatar is the account's photo too: the header shows it at once.
      const session = getSession();
      if (session?.user.id === profile.userId && session.user.profileImage !== profile.avatarUrl) {
        setSession({ token: session.token, user: { ...session.user, profileImage: profile.avatarUrl } });
      }
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['creators'] }),
        queryClient.invalidateQueries({ queryKey: ['auth', 'profile'] }),
      ]);
    },
  });
}
