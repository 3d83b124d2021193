import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { EarningsOverview, EarningsPeriod } from '#common/schemas/earnings.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/wallet/earnings?period=: the default range of the period (30 days, 12 weeks, 12 months). */
export async function getEarnings(period: EarningsPeriod, signal?: AbortSignal): Promise<EarningsOverview> {
  // The schema (and zod) loads with the answer it checks.
  const [body, { earningsOverviewSchema }] = await Promise.all([
    api.get('/wallet/earnings', { query: { period }, signal }),
    import('#common/schemas/earnings.ts'),
  ]);
  return earningsOverviewSchema.parse(body);
}

/** Under `fan-payments`, so a settled payment refreshes it with the wallet (the same keys). */
export function earningsQueryOptions(userId: string, period: EarningsPeriod) {
  return queryOptions({
    queryKey: ['fan-payments', 'earnings', userId, period] as const,
    queryFn: ({ signal }) => getEarnings(period, signal),
    staleTime: 15_000,
  });
}

/** Asked only of a creator (`enabled`); the previous period stays on screen while the next loads. */
export function useEarnings(userId: string, period: EarningsPeriod, enabled: boolean) {
  return useQuery({ ...earningsQueryOptions(userId, period), enabled, placeholderData: keepPreviousData });
}
