import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { PayoutStatus } from '#common/schemas/fan-payments.ts';
import { type AdminPayoutDetail, adminPayoutDetailListSchema } from '#common/schemas/payouts.ts';
import { api } from '../../../lib/api-client.ts';
import { adminPayoutKeys } from './admin-payouts-keys.ts';

export const ADMIN_PAYOUTS_PAGE_SIZE = 20;

/**
 * Where each status list stands: a cursor to go on from, null for its first page, false once it
 * has no more. One entry per status of the filter (one `undefined` status for "all").
 */
type Cursors = (string | null | false)[];

export interface AdminPayoutPage {
  items: AdminPayoutDetail[];
  next: Cursors;
}

/** GET /api/admin/payouts?status=&cursor=&limit= for one status (or all of them). */
async function getPage(status: PayoutStatus | undefined, cursor: string | null, signal?: AbortSignal) {
  const body = await api.get('/admin/payouts', {
    query: { status, limit: ADMIN_PAYOUTS_PAGE_SIZE, cursor: cursor ?? undefined },
    signal,
  });
  return adminPayoutDetailListSchema.parse(body);
}

/**
 * The next page of payouts in any of `statuses` (empty: all). The server lists one status at a
 * time, so a filter of several (sending and pending: "on its way") asks for each and joins them.
 */
export async function getAdminPayouts(
  statuses: readonly PayoutStatus[],
  cursors: Cursors,
  signal?: AbortSignal,
): Promise<AdminPayoutPage> {
  const asked: (PayoutStatus | undefined)[] = statuses.length > 0 ? [...statuses] : [undefined];
  const pages = await Promise.all(
    asked.map((status, index) => {
      const cursor = cursors[index] ?? null;
      return cursor === false ? null : getPage(status, cursor, signal);
    }),
  );
  return {
    items: pages.flatMap((page) => page?.items ?? []),
    next: pages.map((page) => page?.nextCursor ?? false),
  };
}

export function adminPayoutsQueryOptions(filter: string, statuses: readonly PayoutStatus[]) {
  const first: Cursors = (statuses.length > 0 ? statuses : [undefined]).map(() => null);
  return infiniteQueryOptions({
    queryKey: adminPayoutKeys.list(filter),
    queryFn: ({ pageParam, signal }) => getAdminPayouts(statuses, pageParam, signal),
    initialPageParam: first,
    getNextPageParam: (page) =>
      page.next.some((cursor) => typeof cursor === 'string') ? page.next : undefined,
  });
}

export function useAdminPayouts(filter: string, statuses: readonly PayoutStatus[]) {
  return useInfiniteQuery(adminPayoutsQueryOptions(filter, statuses));
}
