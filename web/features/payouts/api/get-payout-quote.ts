import { useMutation } from '@tanstack/react-query';
import { type PayoutQuote, payoutQuoteSchema } from '#common/schemas/payouts.ts';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/payouts/quote: what a payout of this many cents would be (the local amount and the rate,
 * or sent by hand); nothing is set aside. A 409 says why it cannot be made (below the minimum, above
 * the available balance, no fresh exchange rate). Asked when the creator reviews an amount.
 */
export async function getPayoutQuote(amountCents: number): Promise<PayoutQuote> {
  return payoutQuoteSchema.parse(await api.post('/payouts/quote', { amountCents }));
}

export function usePayoutQuote() {
  return useMutation({ mutationFn: getPayoutQuote });
}
