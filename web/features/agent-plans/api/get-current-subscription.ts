import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type CurrentSubscriptionResponse,
  currentSubscriptionResponseSchema,
} from '#common/schemas/subscriptions.ts';
import { api } from '../../../lib/api-client.ts';
import { agentPlanKeys } from './keys.ts';

/** GET /api/subscriptions/current: the signed-in agent's newest plan and whether a trial is open. */
export async function getCurrentSubscription(signal?: AbortSignal): Promise<CurrentSubscriptionResponse> {
  return currentSubscriptionResponseSchema.parse(await api.get('/subscriptions/current', { signal }));
}

export function currentSubscriptionQueryOptions(userId: string | undefined) {
  return queryOptions({
    queryKey: agentPlanKeys.currentFor(userId),
    queryFn: ({ signal }) => getCurrentSubscription(signal),
    staleTime: 30_000,
  });
}

export function useCurrentSubscription(userId: string | undefined) {
  return useQuery({ ...currentSubscriptionQueryOptions(userId), enabled: userId !== undefined });
}
