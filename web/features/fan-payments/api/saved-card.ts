import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type SavedCardState, savedCardStateSchema } from '#common/schemas/saved-cards.ts';
import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { fanPaymentKeys } from './keys.ts';

/** GET /api/me/saved-card: the card the next payment can be made with in one tap, or null. */
export async function getSavedCard(): Promise<SavedCardState> {
  return savedCardStateSchema.parse(await api.get('/me/saved-card'));
}

/** Signed in only; a settled payment refreshes it (it sits under `fan-payments`). */
export function useSavedCard() {
  const session = useSession();
  const userId = session?.user.id ?? null;
  return useQuery({
    queryKey: fanPaymentKeys.savedCard(userId ?? ''),
    queryFn: getSavedCard,
    enabled: userId !== null,
    staleTime: 60_000,
  });
}

/** DELETE /api/me/saved-card: the next payment goes through the checkout page. */
export function useForgetSavedCard() {
  const queryClient = useQueryClient();
  const session = useSession();
  return useMutation({
    mutationFn: async () => savedCardStateSchema.parse(await api.delete('/me/saved-card')),
    onSuccess: (state) => queryClient.setQueryData(fanPaymentKeys.savedCard(session?.user.id ?? ''), state),
  });
}
