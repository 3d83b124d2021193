import { queryOptions, useQuery } from '@tanstack/react-query';
import { type MyCreatorResponse, myCreatorResponseSchema } from '#common/schemas/creators.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/creators/me: the viewer's creator profile (null before onboarding) and library counts. */
export async function getMyCreator(signal?: AbortSignal): Promise<MyCreatorResponse> {
  return myCreatorResponseSchema.parse(await api.get('/creators/me', { signal }));
}

/** Keyed by user, so an account switch in another tab never shows the previous account's profile. */
export function myCreatorQueryOptions(userId: string | undefined) {
  return queryOptions({
    queryKey: ['creators', 'me', userId],
    queryFn: ({ signal }) => getMyCreator(signal),
  });
}

export function useMyCreator(userId: string | undefined) {
  return useQuery({ ...myCreatorQueryOptions(userId), enabled: userId !== undefined });
}
