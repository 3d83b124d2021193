import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { type VerifyCheckoutResponse, verifyCheckoutResponseSchema } from '#common/schemas/fan-payments.ts';
import { api } from '../../../lib/api-client.ts';
import { fanPaymentKeys } from './keys.ts';

/** POST /api/fan-payments/verify: the server asks the provider; coming back to the page proves nothing. */
export async function verifyCheckout(reference: string): Promise<VerifyCheckoutResponse> {
  return verifyCheckoutResponseSchema.parse(await api.post('/fan-payments/verify', { reference }));
}

/**
 * A settled payment changes what the viewer may see: every post list (locked posts now carry their
 * original media), creator pages and the library counts, and every money screen.
 */
export function refreshAfterPayment(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    // ['messages']: a pay-per-view message's items (every signed-in user's key starts with it).
    [['posts'], ['creators'], ['messages'], fanPaymentKeys.all].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey: [...queryKey] }),
    ),
  );
}

export function useVerifyCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyCheckout,
    onSuccess: (result) => (result.status === 'succeeded' ? refreshAfterPayment(queryClient) : undefined),
  });
}
