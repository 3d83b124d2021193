import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ChangePlanInput,
  type CurrentSubscriptionResponse,
  currentSubscriptionResponseSchema,
} from '#common/schemas/subscriptions.ts';
import { api } from '../../../lib/api-client.ts';
import { agentPlanKeys } from './keys.ts';

/** POST /api/subscriptions/change-plan: at once during the trial, otherwise at the next renewal. */
export async function changePlan(input: ChangePlanInput): Promise<CurrentSubscriptionResponse> {
  return currentSubscriptionResponseSchema.parse(await api.post('/subscriptions/change-plan', input));
}

export function useChangePlan(userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePlan,
    onSuccess: (data) => queryClient.setQueryData(agentPlanKeys.currentFor(userId), data),
  });
}
