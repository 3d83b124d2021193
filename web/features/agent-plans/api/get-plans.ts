import { queryOptions, useQuery } from '@tanstack/react-query';
import { plansResponseSchema, type SubscriptionPlanView } from '#common/schemas/subscriptions.ts';
import { api } from '../../../lib/api-client.ts';
import { agentPlanKeys } from './keys.ts';

/** GET /api/subscriptions/plans: the three agent plans with monthly and yearly prices. */
export async function getPlans(signal?: AbortSignal): Promise<SubscriptionPlanView[]> {
  return plansResponseSchema.parse(await api.get('/subscriptions/plans', { signal })).items;
}

export const plansQueryOptions = queryOptions({
  queryKey: agentPlanKeys.plans,
  queryFn: ({ signal }) => getPlans(signal),
  staleTime: 10 * 60_000,
  retry: 1,
});

export function usePlans() {
  return useQuery(plansQueryOptions);
}
