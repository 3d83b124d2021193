import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { adminPayoutActionSchema } from '#common/schemas/payouts.ts';
import { api } from '../../../lib/api-client.ts';
import { adminPayoutKeys } from './admin-payouts-keys.ts';

export type AdminPayoutAction = z.infer<typeof adminPayoutActionSchema>;

const payoutPath = (id: string, action: string) => `/admin/payouts/${encodeURIComponent(id)}/${action}`;

/** POST /api/admin/payouts/:id/paid: a payout by hand was sent; the note says how (409 for a transfer). */
export async function markPayoutPaid({ id, note }: { id: string; note: string }): Promise<AdminPayoutAction> {
  const body = await api.post(payoutPath(id, 'paid'), note ? { note } : {});
  return adminPayoutActionSchema.parse(body);
}

/** POST /api/admin/payouts/:id/otp: finishes a transfer waiting for the provider's OTP (400: the provider's words). */
export async function finalizePayoutOtp({
  id,
  otp,
}: {
  id: string;
  otp: string;
}): Promise<AdminPayoutAction> {
  const body = await api.post(payoutPath(id, 'otp'), { otp });
  return adminPayoutActionSchema.parse(body);
}

/** POST /api/admin/payouts/:id/verify: asks the provider where a transfer stands now. */
export async function verifyPayout(id: string): Promise<AdminPayoutAction> {
  const body = await api.post(payoutPath(id, 'verify'));
  return adminPayoutActionSchema.parse(body);
}

/** An action can move a payout to another status, hence another filter: every list refreshes. */
function usePayoutAction<Input>(mutationFn: (input: Input) => Promise<AdminPayoutAction>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminPayoutKeys.all }),
  });
}

export const useMarkPayoutPaid = () => usePayoutAction(markPayoutPaid);
export const useFinalizePayoutOtp = () => usePayoutAction(finalizePayoutOtp);
export const useVerifyPayout = () => usePayoutAction(verifyPayout);
