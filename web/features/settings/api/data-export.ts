import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type DataExport, dataExportSchema } from '#common/schemas/safety.ts';
import { api } from '../../../lib/api-client.ts';

/** How often a waiting export is asked about again, until the job has made it. */
export const DATA_EXPORT_POLL_MS = 3000;

/** GET /api/me/export: the latest export (none, waiting, ready with size and expiry, failed with why). */
export async function getDataExport(signal?: AbortSignal): Promise<DataExport> {
  return dataExportSchema.parse(await api.get('/me/export', { signal }));
}

/** POST /api/me/export: asks for one (while one is being made, the answer is that one). */
export async function requestDataExport(): Promise<DataExport> {
  return dataExportSchema.parse(await api.post('/me/export'));
}

export const dataExportKey = ['account', 'data-export'] as const;

export const dataExportQueryOptions = queryOptions({
  queryKey: dataExportKey,
  queryFn: ({ signal }) => getDataExport(signal),
  // Asked again while it is being made; not at all once it is ready or failed.
  refetchInterval: (query) => (query.state.data?.status === 'waiting' ? DATA_EXPORT_POLL_MS : false),
});

export function useDataExport() {
  return useQuery(dataExportQueryOptions);
}

export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestDataExport,
    onSuccess: (state) => queryClient.setQueryData<DataExport>(dataExportKey, state),
  });
}
