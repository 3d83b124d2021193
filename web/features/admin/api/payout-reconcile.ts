import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { latestReconcileSchema } from '#common/schemas/payouts.ts';
import { api } from '../../../lib/api-client.ts';
import { adminPayoutKeys } from './admin-payouts-keys.ts';

export type LatestReconcile = z.infer<typeof latestReconcileSchema>;

/** GET /api/admin/payouts/reconcile: the latest comparison with the provider (null before the first). */
export async function getLatestReconcile(signal?: AbortSignal): Promise<LatestReconcile> {
  return latestReconcileSchema.parse(await api.get('/admin/payouts/reconcile', { signal }));
}

export const latestReconcileQueryOptions = () =>
  queryOptions({
    queryKey: adminPayoutKeys.reconcile,
    queryFn: ({ signal }) => getLatestReconcile(signal),
  });

export function useLatestReconcile() {
  return useQuery(latestReconcileQueryOptions());
}

/** POST /api/admin/payouts/reconcile: compares now; the answer is the new latest result. */
export async function runReconcile(): Promise<LatestReconcile> {
  return latestReconcileSchema.parse(await api.post('/admin/payouts/reconcile'));
}

export function useRunReconcile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runReconcile,
    onSuccess: (latest) => queryClient.setQueryData(adminPayoutKeys.reconcile, latest),
  });
}
