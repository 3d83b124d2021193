import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type CurrentSubscriptionResponse,
  currentSubscriptionResponseSchema,
} from '#common/schemas/subscriptions.ts';
import { api } from '../../../lib/api-client.ts';
import { agentPlanKeys } from './keys.ts';

/** POST /api/subscriptions/cancel: the plan ends with the current period; nothing more is charged. */
export async function cancelSubscription(): Promise<CurrentSubscriptionResponse> {
  return currentSubscriptionResponseSchema.parse(await api.post('/subscriptions/cancel'));
}

export function useCancelSubscription(userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: (data) => queryClient.setQueryData(agentPlanKeys.currentFor(userId), data),
  });
}
