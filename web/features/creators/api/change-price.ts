import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type PriceChange, priceChangeSchema } from '#common/schemas/fan-payments.ts';
import { api } from '../../../lib/api-client.ts';

/** PUT /api/creators/me/price: the new monthly price as typed ('12.99'). */
export async function changePrice(monthlyPrice: string): Promise<PriceChange> {
  return priceChangeSchema.parse(await api.put('/creators/me/price', { monthlyPrice }));
}

/** The creator's page and plans show the new price once it is saved. */
export function useChangePrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePrice,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['creators'] }),
        queryClient.invalidateQueries({ queryKey: ['fan-payments'] }),
      ]),
  });
}
