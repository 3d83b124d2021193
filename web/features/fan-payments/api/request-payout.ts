import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type PayoutDetail, requestPayoutResponseSchema } from '#common/schemas/payouts.ts';
import { api } from '../../../lib/api-client.ts';
import { fanPaymentKeys } from './keys.ts';

export interface RequestPayoutInput {
  /** USD cents; the server's default is the whole available balance. */
  amountCents: number;
  /** One per confirm dialog: a double click or a retried request makes one payout. */
  idempotencyKey: string;
}

/**
 * POST /api/wallet/payouts: sets the amount aside for a payout, sent by transfer to the payout account
 * or by an admin by hand. The answer's payout is read for what the wallet shows of it (the payout
 * history, features/payouts, reads its details).
 */
export async function requestPayout(
  input: RequestPayoutInput,
): Promise<{ message: string; payout: PayoutDetail }> {
  return requestPayoutResponseSchema.parse(await api.post('/wallet/payouts', input));
}

/** A new key for one payout request. */
export function newPayoutKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Every money screen changes: the wallet's balances, the payout history (under `fan-payments` too). */
export function useRequestPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestPayout,
    onSettled: () => queryClient.invalidateQueries({ queryKey: fanPaymentKeys.all }),
  });
}
