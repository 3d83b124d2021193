import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { type ReportView, reportListSchema, type reportStatuses } from '#common/schemas/safety.ts';
import { api } from '../../../lib/api-client.ts';

export type ReportStatus = (typeof reportStatuses)[number];
export const REPORTS_PAGE_SIZE = 20;
export const reportsKey = ['admin', 'reports'] as const;

/** GET /api/admin/reports?status=&limit=&cursor= (oldest first; 403 for anyone but an admin). */
export async function getReports(
  status: ReportStatus,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<{ items: ReportView[]; nextCursor: string | null }> {
  const body = await api.get('/admin/reports', {
    query: { status, limit: REPORTS_PAGE_SIZE, cursor: cursor ?? undefined },
    signal,
  });
  return reportListSchema.parse(body);
}

export function reportsQueryOptions(status: ReportStatus) {
  return infiniteQueryOptions({
    queryKey: [...reportsKey, status],
    queryFn: ({ pageParam, signal }) => getReports(status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useReports(status: ReportStatus) {
  return useInfiniteQuery(reportsQueryOptions(status));
}
