import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type UnsubscribeResponse, unsubscribeResponseSchema } from '#common/schemas/fan-payments.ts';
import { api } from '../../../lib/api-client.ts';
import { fanPaymentKeys } from './keys.ts';

/** POST /api/creators/me/subscribers/:id/unsubscribe: ends the fan's access now, refunding the unused part. */
export async function unsubscribeSubscriber(subscriptionId: string): Promise<UnsubscribeResponse> {
  const body = await api.post(`/creators/me/subscribers/${encodeURIComponent(subscriptionId)}/unsubscribe`);
  return unsubscribeResponseSchema.parse(body);
}

/** The refund reverses an earning: the wallet and the transactions change with the list. */
export function useUnsubscribeSubscriber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unsubscribeSubscriber,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fanPaymentKeys.all }),
  });
}
