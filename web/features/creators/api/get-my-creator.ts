import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyCreatorResponse } from '#common/schemas/creators.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/creators/me: the viewer's creator profile (null before onboarding) and library counts. */
export async function getMyCreator(signal?: AbortSignal): Promise<MyCreatorResponse> {
  // The schema (and zod) loads with the first answer it checks: Discover's first paint needs neither.
  const [body, { myCreatorResponseSchema }] = await Promise.all([
    api.get('/creators/me', { signal }),
    import('#common/schemas/creators.ts'),
  ]);
  return myCreatorResponseSchema.parse(body);
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

/**
 * What the signed-in viewer is, for what menus and pages offer: 'approved' (a creator whose page is
 * approved), 'other' (signed out, a fan, or a page not approved yet), or 'unknown' until the answer
 * comes (offer neither way meanwhile, so a creator never sees "Become a Creator").
 */
export type CreatorStanding = 'approved' | 'other' | 'unknown';

export function useCreatorStanding(userId: string | undefined): CreatorStanding {
  const mine = useMyCreator(userId);
  if (userId === undefined) return 'other';
  if (!mine.data) return 'unknown';
  return mine.data.creator?.status === 'approved' ? 'approved' : 'other';
}
