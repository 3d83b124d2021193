import { queryOptions, useQuery } from '@tanstack/react-query';
import { type SessionView, sessionsResponseSchema } from '#common/schemas/auth.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/auth/sessions: the signed-in user's live sessions, most recently used first. */
export async function getSessions(signal?: AbortSignal): Promise<SessionView[]> {
  return sessionsResponseSchema.parse(await api.get('/auth/sessions', { signal })).items;
}

export const sessionsQueryOptions = queryOptions({
  queryKey: ['auth', 'sessions'],
  queryFn: ({ signal }) => getSessions(signal),
});

export function useSessions() {
  return useQuery(sessionsQueryOptions);
}
