import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreatorSubscriptionState } from '#common/schemas/fan-payments.ts';
import { api } from '../../../lib/api-client.ts';
import { fanPaymentKeys } from './keys.ts';

/** GET /api/creators/:handle/subscription: the plans, the viewer's subscription and whether they may subscribe. */
export async function getCreatorSubscription(
  handle: string,
  signal?: AbortSignal,
): Promise<CreatorSubscriptionState> {
  // The schema (and zod) loads with the first answer it checks, not with the profile page.
  const [body, { creatorSubscriptionStateSchema }] = await Promise.all([
    api.get(`/creators/${encodeURIComponent(handle)}/subscription`, { signal }),
    import('#common/schemas/fan-payments.ts'),
  ]);
  return creatorSubscriptionStateSchema.parse(body);
}

/** Keyed by viewer: the answer depends on who asks. */
export function creatorSubscriptionQueryOptions(handle: string, userId: string | null) {
  return queryOptions({
    queryKey: fanPaymentKeys.creatorSubscription(handle, userId),
    queryFn: ({ signal }) => getCreatorSubscription(handle, signal),
    staleTime: 30_000,
  });
}

export function useCreatorSubscription(handle: string, userId: string | null, enabled = true) {
  return useQuery({ ...creatorSubscriptionQueryOptions(handle, userId), enabled });
}
