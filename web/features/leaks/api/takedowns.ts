import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type OpenTakedownInput,
  type Takedown,
  type TakedownList,
  type TakedownStatus,
  takedownListSchema,
  takedownSchema,
} from '#common/schemas/leaks.ts';
import { api } from '../../../lib/api-client.ts';

const takedownsKey = ['takedowns'] as const;

/** GET /api/takedowns: the creator's takedowns, newest first. */
export async function getTakedowns(): Promise<TakedownList> {
  return takedownListSchema.parse(await api.get('/takedowns'));
}

export function useTakedowns() {
  return useQuery({ queryKey: takedownsKey, queryFn: getTakedowns });
}

/** POST /api/takedowns: opened from a trace; the answer carries the notice to send. */
export function useOpenTakedown() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: OpenTakedownInput): Promise<Takedown> =>
      takedownSchema.parse(await api.post('/takedowns', input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: takedownsKey }),
  });
}

/** PUT /api/takedowns/:id/status: sent, removed or refused. */
export function useSetTakedownStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, status }: { id: string; status: TakedownStatus }): Promise<Takedown> =>
      takedownSchema.parse(await api.put(`/takedowns/${encodeURIComponent(id)}/status`, { status })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: takedownsKey }),
  });
}
