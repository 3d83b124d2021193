import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import {
  type TransactionList,
  type TransactionStatus,
  transactionListSchema,
} from '#common/schemas/fan-payments.ts';
import { filterQuery, type ListFilters } from '../../../components/paged-list/filters.ts';
import { api } from '../../../lib/api-client.ts';
import { fanPaymentKeys } from './keys.ts';

export const TRANSACTIONS_PAGE_SIZE = 20;
export type TransactionFilters = ListFilters<TransactionStatus>;

/** GET /api/me/transactions?q=&status=&from=&to=: the viewer's payments (and a creator's earnings), newest first. */
export async function getTransactions(
  filters: TransactionFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<TransactionList> {
  const body = await api.get('/me/transactions', {
    query: { ...filterQuery(filters), limit: TRANSACTIONS_PAGE_SIZE, cursor: cursor ?? undefined },
    signal,
  });
  return transactionListSchema.parse(body);
}

export function transactionsQueryOptions(userId: string, filters: TransactionFilters) {
  return infiniteQueryOptions({
    queryKey: [...fanPaymentKeys.transactions, userId, filters],
    queryFn: ({ pageParam, signal }) => getTransactions(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** While new filters load, the previous rows stay on screen instead of a skeleton. */
export function useTransactions(userId: string, filters: TransactionFilters) {
  return useInfiniteQuery({
    ...transactionsQueryOptions(userId, filters),
    placeholderData: keepPreviousData,
  });
}
