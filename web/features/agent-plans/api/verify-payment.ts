import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type VerifyPaymentResponse, verifyPaymentResponseSchema } from '#common/schemas/subscriptions.ts';
import { api } from '../../../lib/api-client.ts';
import { agentPlanKeys } from './keys.ts';

/** POST /api/subscriptions/verify-payment: the server asks the provider; a return URL proves nothing. */
export async function verifyPayment(reference: string): Promise<VerifyPaymentResponse> {
  return verifyPaymentResponseSchema.parse(await api.post('/subscriptions/verify-payment', { reference }));
}

export function useVerifyPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyPayment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: agentPlanKeys.current }),
  });
}
