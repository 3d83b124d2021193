import { useMutation } from '@tanstack/react-query';
import {
  type CheckoutResponse,
  checkoutResponseSchema,
  type SubscribeInput,
} from '#common/schemas/fan-payments.ts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/creators/:handle/subscribe: where to send the browser to pay for the chosen plan. */
export async function subscribeToCreator(handle: string, input: SubscribeInput): Promise<CheckoutResponse> {
  const body = await api.post(`/creators/${encodeURIComponent(handle)}/subscribe`, input);
  return checkoutResponseSchema.parse(body);
}

export function useSubscribeToCreator(handle: string) {
  return useMutation({ mutationFn: (input: SubscribeInput) => subscribeToCreator(handle, input) });
}
