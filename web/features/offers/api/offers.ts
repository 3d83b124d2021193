import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type PaymentStarted, type PayWith, subscribeResponseSchema } from '#common/schemas/fan-payments.ts';
import type { CreateOfferInput, CreatorOffer, CreatorOfferList } from '#common/schemas/offers.ts';
import { api } from '../../../lib/api-client.ts';

export const offerKeys = {
  mine: (userId: string) => ['offers', userId, 'mine'] as const,
  link: (handle: string, code: string, userId: string | null) =>
    ['offers', 'link', handle, code, userId ?? ''] as const,
};

export function useMyOffers(userId: string) {
  return useQuery({
    queryKey: offerKeys.mine(userId),
    queryFn: async ({ signal }) => (await api.get('/creators/me/offers', { signal })) as CreatorOfferList,
  });
}

export function useCreateOffer(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateOfferInput) =>
      (await api.post('/creators/me/offers', input)) as CreatorOffer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offerKeys.mine(userId) }),
  });
}

export function useStopOffer(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await api.post(`/creators/me/offers/${encodeURIComponent(id)}/stop`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offerKeys.mine(userId) }),
  });
}

export async function claimTrial(handle: string, code: string, renew: boolean) {
  return (await api.post(`/creators/${encodeURIComponent(handle)}/offers/${encodeURIComponent(code)}/claim`, {
    renew,
  })) as { message: string; renews: boolean };
}

/**
 * Subscribe with a promotion's code: its first month at the discount, on the checkout page or (with
 * `saved_card`) charged to the fan's saved card at once.
 */
export async function subscribeWithOffer(
  handle: string,
  code: string,
  returnTo: string,
  payWith: PayWith = 'checkout',
): Promise<PaymentStarted> {
  const answer = subscribeResponseSchema.parse(
    await api.post(`/creators/${encodeURIComponent(handle)}/subscribe`, {
      plan: 'monthly',
      offer: code,
      returnTo,
      payWith,
    }),
  );
  if ('authorization_url' in answer || 'card' in answer) return answer;
  throw new Error(answer.message);
}
