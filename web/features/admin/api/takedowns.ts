import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type Takedown,
  type TakedownList,
  takedownListSchema,
  takedownSchema,
} from '#common/schemas/leaks.ts';
import { api } from '../../../lib/api-client.ts';

const adminTakedownsKey = ['admin', 'takedowns'] as const;

/** GET /api/admin/takedowns: every creator's takedowns, newest first. */
export async function getAdminTakedowns(signal?: AbortSignal): Promise<TakedownList> {
  return takedownListSchema.parse(await api.get('/admin/takedowns', { signal }));
}

export function useAdminTakedowns() {
  return useQuery({ queryKey: adminTakedownsKey, queryFn: ({ signal }) => getAdminTakedowns(signal) });
}

/** POST /api/admin/takedowns/:id/suspend: suspends the account the takedown traced. */
export function useSuspendTracedAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<Takedown> =>
      takedownSchema.parse(await api.post(`/admin/takedowns/${encodeURIComponent(id)}/suspend`)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminTakedownsKey }),
  });
}
