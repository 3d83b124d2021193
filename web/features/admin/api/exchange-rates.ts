import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { exchangeRateListSchema } from '#common/schemas/payouts.ts';
import { api } from '../../../lib/api-client.ts';
import { adminPayoutKeys } from './admin-payouts-keys.ts';

export type ExchangeRateList = z.infer<typeof exchangeRateListSchema>;

/** GET /api/admin/exchange-rates: the rate in force per payout currency, and how old it may get. */
export async function getExchangeRates(signal?: AbortSignal): Promise<ExchangeRateList> {
  return exchangeRateListSchema.parse(await api.get('/admin/exchange-rates', { signal }));
}

export const exchangeRatesQueryOptions = () =>
  queryOptions({
    queryKey: adminPayoutKeys.exchangeRates,
    queryFn: ({ signal }) => getExchangeRates(signal),
  });

export function useExchangeRates() {
  return useQuery(exchangeRatesQueryOptions());
}

/** PUT /api/admin/exchange-rates/:currency {rate: '1550.25'}: answers every rate as it now is. */
export async function setExchangeRate({
  currency,
  rate,
}: {
  currency: string;
  rate: string;
}): Promise<ExchangeRateList> {
  const body = await api.put(`/admin/exchange-rates/${encodeURIComponent(currency)}`, { rate });
  return exchangeRateListSchema.parse(body);
}

export function useSetExchangeRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setExchangeRate,
    onSuccess: (rates) => queryClient.setQueryData(adminPayoutKeys.exchangeRates, rates),
  });
}
