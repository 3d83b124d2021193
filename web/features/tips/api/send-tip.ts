import { useMutation } from '@tanstack/react-query';
import { type PaymentStarted, paymentStartedSchema } from '#common/schemas/fan-payments.ts';
import type { SendTipInput } from '#common/schemas/tips.ts';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/creators/:handle/tips: a checkout for a tip (or, with `payWith: 'saved_card'`, the
 * saved card charged at once). The same `idempotencyKey` answers the same
 * checkout, so a double click or a retry is charged once.
 */
export async function sendTip(handle: string, input: SendTipInput): Promise<PaymentStarted> {
  const body = await api.post(`/creators/${encodeURIComponent(handle)}/tips`, input);
  return paymentStartedSchema.parse(body);
}

export function useSendTip(handle: string) {
  return useMutation({ mutationFn: (input: SendTipInput) => sendTip(handle, input) });
}
