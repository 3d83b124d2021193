import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type CreatorProfile,
  creatorProfileSchema,
  type UpdateCreatorProfileInput,
} from '#common/schemas/creators.ts';
import { api } from '../../../lib/api-client.ts';
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
      return queryClient.invalidateQueries({ queryKey: ['creators'] });
    },
  });
}
