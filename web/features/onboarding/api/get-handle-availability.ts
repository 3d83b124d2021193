import { queryOptions, useQuery } from '@tanstack/react-query';
import { handleProblem } from '#common/handles.ts';
import { type HandleAvailability, handleAvailabilitySchema } from '#common/schemas/creators.ts';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { api } from '../../../lib/api-client.ts';

export const HANDLE_CHECK_DELAY_MS = 300;

/** GET /api/creators/handle-availability?handle=: whether a handle is free, in the server's words. */
export async function getHandleAvailability(
  handle: string,
  signal?: AbortSignal,
): Promise<HandleAvailability> {
  const body = await api.get('/creators/handle-availability', { query: { handle }, signal });
  return handleAvailabilitySchema.parse(body);
}

export const handleAvailabilityKey = ['creators', 'handle-availability'] as const;

export function handleAvailabilityQueryOptions(handle: string) {
  return queryOptions({
    queryKey: [...handleAvailabilityKey, handle],
    // Reading the signal lets the query client abort a check the user has already typed past.
    queryFn: ({ signal }) => getHandleAvailability(handle, signal),
    staleTime: 30_000,
  });
}

export type HandleCheck =
  | { status: 'empty' }
  | { status: 'checking' }
  | { status: 'invalid' | 'taken' | 'error'; message: string }
  | { status: 'available'; message: string };

/** Checks a normalized handle as the user types: the local rules at once, the server after a pause. */
export function useHandleAvailability(handle: string): HandleCheck {
  const debounced = useDebouncedValue(handle, HANDLE_CHECK_DELAY_MS);
  const problem = handleProblem(handle);
  const query = useQuery({
    ...handleAvailabilityQueryOptions(debounced),
    enabled: handleProblem(debounced) === null,
  });
  if (handle === '') return { status: 'empty' };
  if (problem) return { status: 'invalid', message: problem };
  if (debounced !== handle || query.isPending) return { status: 'checking' };
  if (query.isError) return { status: 'error', message: query.error.message };
  const { available, message } = query.data;
  return available ? { status: 'available', message } : { status: 'taken', message };
}
