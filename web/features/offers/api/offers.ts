import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CheckoutResponse } from '#common/schemas/fan-payments.ts';
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

/** The subscribe checkout with a promotion's code: its first month at the discount. */
export async function subscribeWithOffer(
  handle: string,
  code: string,
  returnTo: string,
): Promise<CheckoutResponse> {
  return (await api.post(`/creators/${encodeURIComponent(handle)}/subscribe`, {
    plan: 'monthly',
    offer: code,
    returnTo,
  })) as CheckoutResponse;
}
