import { queryOptions, useQuery } from '@tanstack/react-query';
import { type TransactionDetail, transactionDetailSchema } from '#common/schemas/fan-payments.ts';
import { api } from '../../../lib/api-client.ts';
import { fanPaymentKeys } from './keys.ts';

/** GET /api/me/transactions/:id: one row with its fee breakdown and any refund (View Details). */
export async function getTransaction(id: string, signal?: AbortSignal): Promise<TransactionDetail> {
  const body = await api.get(`/me/transactions/${encodeURIComponent(id)}`, { signal });
  return transactionDetailSchema.parse(body);
}

export function transactionQueryOptions(id: string) {
  return queryOptions({
    queryKey: fanPaymentKeys.transaction(id),
    queryFn: ({ signal }) => getTransaction(id, signal),
  });
}

export function useTransaction(id: string) {
  return useQuery(transactionQueryOptions(id));
}
