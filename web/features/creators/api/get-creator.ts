import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreatorProfile } from '#common/schemas/creators.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/creators/:idOrHandle: a creator's page as this viewer may see it. */
export async function getCreator(idOrHandle: string, signal?: AbortSignal): Promise<CreatorProfile> {
  // The schema (and zod) loads with the first answer it checks: a server-rendered profile has its
  // answer already, so its first paint needs neither (docs/decisions/0032).
  const [body, { creatorProfileSchema }] = await Promise.all([
    api.get(`/creators/${encodeURIComponent(idOrHandle)}`, { signal }),
    import('#common/schemas/creators.ts'),
  ]);
  return creatorProfileSchema.parse(body);
}

/** Keyed by what the URL named (an id, the handle or an old handle). */
export function creatorQueryOptions(idOrHandle: string) {
  return queryOptions({
    queryKey: ['creators', 'profile', idOrHandle],
    queryFn: ({ signal }) => getCreator(idOrHandle, signal),
  });
}

export function useCreator(idOrHandle: string) {
  return useQuery(creatorQueryOptions(idOrHandle));
}
