import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { type AdminPayout, adminPayoutListSchema, type PayoutStatus } from '#common/schemas/fan-payments.ts';
import { api } from '../../../lib/api-client.ts';
import { fanPaymentKeys } from './keys.ts';

export const ADMIN_PAYOUTS_PAGE_SIZE = 20;

export interface AdminPayoutPage {
  items: AdminPayout[];
  nextCursor: string | null;
}

/** GET /api/admin/payouts?status=: payout requests (oldest waiting first), or paid ones, or all. */
export async function getAdminPayouts(
  status: PayoutStatus | 'all',
  cursor: string | null,
  signal?: AbortSignal,
): Promise<AdminPayoutPage> {
  const body = await api.get('/admin/payouts', {
    query: {
      status: status === 'all' ? undefined : status,
      limit: ADMIN_PAYOUTS_PAGE_SIZE,
      cursor: cursor ?? undefined,
    },
    signal,
  });
  return adminPayoutListSchema.parse(body);
}

export function adminPayoutsQueryOptions(status: PayoutStatus | 'all') {
  return infiniteQueryOptions({
    queryKey: [...fanPaymentKeys.adminPayouts, status],
    queryFn: ({ pageParam, signal }) => getAdminPayouts(status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useAdminPayouts(status: PayoutStatus | 'all') {
  return useInfiniteQuery({ ...adminPayoutsQueryOptions(status), placeholderData: keepPreviousData });
}
