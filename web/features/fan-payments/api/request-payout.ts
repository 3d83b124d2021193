import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Payout, requestPayoutResponseSchema } from '#common/schemas/fan-payments.ts';
import { api } from '../../../lib/api-client.ts';
import { fanPaymentKeys } from './keys.ts';

/** POST /api/wallet/payouts: asks for the whole available balance; an admin sends it by hand. */
export async function requestPayout(): Promise<{ message: string; payout: Payout }> {
  return requestPayoutResponseSchema.parse(await api.post('/wallet/payouts'));
}

export function useRequestPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestPayout,
    onSettled: () => queryClient.invalidateQueries({ queryKey: fanPaymentKeys.all }),
  });
}
