import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AdminPayout, markPayoutPaidResponseSchema } from '#common/schemas/fan-payments.ts';
import { api } from '../../../lib/api-client.ts';
import { fanPaymentKeys } from './keys.ts';

/** POST /api/admin/payouts/:id/paid: the admin sent the money by hand; the note says how. */
export async function markPayoutPaid(
  id: string,
  note: string,
): Promise<{ message: string; payout: AdminPayout }> {
  const body = await api.post(`/admin/payouts/${encodeURIComponent(id)}/paid`, note ? { note } : {});
  return markPayoutPaidResponseSchema.parse(body);
}

export function useMarkPayoutPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note: string }) => markPayoutPaid(id, note),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fanPaymentKeys.adminPayouts }),
  });
}
