import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type ResolvedPayoutAccount,
  resolvedPayoutAccountSchema,
  type resolvePayoutAccountSchema,
} from '#common/schemas/payouts.ts';
import { api } from '../../../lib/api-client.ts';

export type ResolvePayoutAccountInput = z.input<typeof resolvePayoutAccountSchema>;

/**
 * POST /api/payouts/account/resolve: the holder's name the bank has for this number, for the creator
 * to confirm before saving; nothing is saved. A 400 carries the provider's own words.
 */
export async function resolvePayoutAccount(input: ResolvePayoutAccountInput): Promise<ResolvedPayoutAccount> {
  return resolvedPayoutAccountSchema.parse(await api.post('/payouts/account/resolve', input));
}

export function useResolvePayoutAccount() {
  return useMutation({ mutationFn: resolvePayoutAccount });
}
