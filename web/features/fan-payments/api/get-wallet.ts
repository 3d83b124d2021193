import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Wallet, walletSchema } from '#common/schemas/fan-payments.ts';
import { api } from '../../../lib/api-client.ts';
import { fanPaymentKeys } from './keys.ts';

/** GET /api/wallet: the creator's balances (sums of ledger entries) and the first page of history. */
export async function getWallet(signal?: AbortSignal): Promise<Wallet> {
  return walletSchema.parse(await api.get('/wallet', { signal }));
}

export function walletQueryOptions(userId: string) {
  return queryOptions({
    queryKey: fanPaymentKeys.wallet(userId),
    queryFn: ({ signal }) => getWallet(signal),
    staleTime: 15_000,
  });
}

/** Asked only of a creator (`enabled`): anyone else has no wallet, and a 403 would fill the console. */
export function useWallet(userId: string, enabled = true) {
  return useQuery({ ...walletQueryOptions(userId), enabled });
}
