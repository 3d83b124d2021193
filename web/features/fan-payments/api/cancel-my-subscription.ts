import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cancelSubscriptionResponseSchema, type FanSubscription } from '#common/schemas/fan-payments.ts';
import { api } from '../../../lib/api-client.ts';
import { fanPaymentKeys } from './keys.ts';

/** POST /api/me/subscriptions/:id/cancel: no renewal; access stays until the period ends. */
export async function cancelMySubscription(
  id: string,
): Promise<{ message: string; subscription: FanSubscription }> {
  const body = await api.post(`/me/subscriptions/${encodeURIComponent(id)}/cancel`);
  return cancelSubscriptionResponseSchema.parse(body);
}

export function useCancelMySubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelMySubscription,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fanPaymentKeys.all }),
  });
}
