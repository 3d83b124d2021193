import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/creators/:handle/follow */
export async function followCreator(handle: string): Promise<void> {
  await api.post(`/creators/${encodeURIComponent(handle)}/follow`);
}

export function useFollowCreator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: followCreator,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['creators'] }),
  });
}
