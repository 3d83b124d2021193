import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PayoutSettingsView, payoutSettingsSchema } from '#common/schemas/payouts.ts';
import { api } from '../../../lib/api-client.ts';
import { payoutKeys } from './keys.ts';

/** GET /api/payouts/settings: the payout account, the schedule, the minimum and any hold. */
export async function getPayoutSettings(signal?: AbortSignal): Promise<PayoutSettingsView> {
  return payoutSettingsSchema.parse(await api.get('/payouts/settings', { signal }));
}

export function payoutSettingsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: payoutKeys.settings(userId),
    queryFn: ({ signal }) => getPayoutSettings(signal),
    staleTime: 15_000,
  });
}

/** Asked only of a creator (`enabled`): anyone else has no payouts, and a 403 would fill the console. */
export function usePayoutSettings(userId: string, enabled = true) {
  return useQuery({ ...payoutSettingsQueryOptions(userId), enabled });
}
