import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { SessionUser } from '../../../lib/session.ts';
import { readUser } from './auth-response.ts';

/** GET /api/auth/profile: the signed-in user as the server knows them now. */
export async function getProfile(signal?: AbortSignal): Promise<SessionUser> {
  return readUser(await api.get('/auth/profile', { signal }));
}

export function profileQueryOptions(userId: string | undefined) {
  return queryOptions({
    queryKey: ['auth', 'profile', userId],
    queryFn: ({ signal }) => getProfile(signal),
    staleTime: 5 * 60_000,
  });
}

export function useProfile(userId: string | undefined) {
  return useQuery({ ...profileQueryOptions(userId), enabled: userId !== undefined });
}
