import { useMutation } from '@tanstack/react-query';
import {
  type PaymentStarted,
  type SubscribeInput,
  type SubscribeResponse,
  subscribeResponseSchema,
} from '#common/schemas/fan-payments.ts';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/creators/:handle/subscribe: where to send the browser to pay for the chosen plan, or,
 * with a free trial's code, the trial already started (nothing to pay).
 */
export async function subscribeToCreator(handle: string, input: SubscribeInput): Promise<SubscribeResponse> {
  const body = await api.post(`/creators/${encodeURIComponent(handle)}/subscribe`, input);
  return subscribeResponseSchema.parse(body);
}

/**
 * A checkout to go to, or the saved card's charge, from Subscribe (no trial's code was sent, so the
 * server answers one of those).
 */
export function paymentOf(answer: SubscribeResponse): PaymentStarted {
  if ('authorization_url' in answer || 'card' in answer) return answer;
  throw new Error(answer.message);
}

export function useSubscribeToCreator(handle: string) {
  return useMutation({ mutationFn: (input: SubscribeInput) => subscribeToCreator(handle, input) });
}
