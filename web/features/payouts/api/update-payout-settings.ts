import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type PayoutSettingsView,
  payoutSettingsSchema,
  type updatePayoutSettingsSchema,
} from '#common/schemas/payouts.ts';
import { api } from '../../../lib/api-client.ts';
import { payoutKeys } from './keys.ts';

export type UpdatePayoutSettingsInput = z.input<typeof updatePayoutSettingsSchema>;

/** PUT /api/payouts/settings: on request, or weekly on a weekday, and the smallest automatic payout. */
export async function updatePayoutSettings(input: UpdatePayoutSettingsInput): Promise<PayoutSettingsView> {
  return payoutSettingsSchema.parse(await api.put('/payouts/settings', input));
}

/** The answer is the settings as saved: it replaces the cached ones. */
export function useUpdatePayoutSettings(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePayoutSettings,
    onSuccess: (settings) => queryClient.setQueryData(payoutKeys.settings(userId), settings),
  });
}
