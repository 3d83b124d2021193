import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PayoutBank, payoutBankListSchema } from '#common/schemas/payouts.ts';
import { api } from '../../../lib/api-client.ts';
import { payoutKeys } from './keys.ts';

export type AccountKind = 'bank' | 'mobile_money';

/**
 * GET /api/payouts/banks?country=[&type=mobile_money]: the banks (or mobile money providers) of a
 * country. Asked without a type, the list may hold mobile money providers too: a bank account's list
 * leaves them out.
 */
export async function getPayoutBanks(
  country: string,
  kind: AccountKind,
  signal?: AbortSignal,
): Promise<PayoutBank[]> {
  const body = await api.get('/payouts/banks', {
    query: { country, type: kind === 'mobile_money' ? 'mobile_money' : undefined },
    signal,
  });
  const { items } = payoutBankListSchema.parse(body);
  return kind === 'mobile_money'
    ? items.filter((bank) => bank.type === 'mobile_money')
    : items.filter((bank) => bank.type !== 'mobile_money');
}

export function payoutBanksQueryOptions(country: string, kind: AccountKind) {
  return queryOptions({
    queryKey: payoutKeys.banks(country, kind),
    queryFn: ({ signal }) => getPayoutBanks(country, kind, signal),
    // The provider's list hardly changes.
    staleTime: 60 * 60_000,
  });
}

export function usePayoutBanks(country: string, kind: AccountKind, enabled = true) {
  return useQuery({ ...payoutBanksQueryOptions(country, kind), enabled: enabled && country !== '' });
}
