import { queryOptions, useQuery } from '@tanstack/react-query';
import { type HandleAvailability, handleAvailabilitySchema } from '#common/schemas/creators.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/creators/handle-availability?handle=: the viewer's own handle counts as available. */
export async function getHandleAvailability(
  handle: string,
  signal?: AbortSignal,
): Promise<HandleAvailability> {
  const body = await api.get('/creators/handle-availability', { query: { handle }, signal });
  return handleAvailabilitySchema.parse(body);
}

/**
 * Outside the ['creators'] key, so saving a profile does not re-ask. The query consumes its signal,
 * so a check for a handle the user has since typed past is aborted.
 */
export function handleAvailabilityQueryOptions(handle: string) {
  return queryOptions({
    queryKey: ['handle-availability', handle],
    queryFn: ({ signal }) => getHandleAvailability(handle, signal),
    staleTime: 10_000,
  });
}

/** `handle` is null while there is nothing worth asking about (empty, invalid, unchanged). */
export function useHandleAvailability(handle: string | null) {
  return useQuery({ ...handleAvailabilityQueryOptions(handle ?? ''), enabled: handle !== null });
}
