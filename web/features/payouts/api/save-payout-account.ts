import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type PayoutSettingsView,
  payoutSettingsSchema,
  type savePayoutAccountSchema,
} from '#common/schemas/payouts.ts';
import { api } from '../../../lib/api-client.ts';
import { payoutKeys } from './keys.ts';

export type SavePayoutAccountInput = z.input<typeof savePayoutAccountSchema>;

/**
 * PUT /api/payouts/account: adds or replaces the payout account, confirmed with the current password
 * (with two-step sign-in on, the API client asks for a code and sends it again). The answer is the
 * settings with the new account and the hold on automatic payouts it starts.
 */
export async function savePayoutAccount(input: SavePayoutAccountInput): Promise<PayoutSettingsView> {
  return payoutSettingsSchema.parse(await api.put('/payouts/account', input));
}

export function useSavePayoutAccount(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePayoutAccount,
    onSuccess: (settings) => queryClient.setQueryData(payoutKeys.settings(userId), settings),
  });
}
