import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { type SupportTicket, supportTicketListSchema, type TicketStatus } from '#common/schemas/safety.ts';
import { api } from '../../../lib/api-client.ts';

export const TICKETS_PAGE_SIZE = 20;
export const supportKey = ['admin', 'support'] as const;

/** GET /api/admin/support?status=&limit=&cursor= (open oldest first, closed newest first). */
export async function getSupportTickets(
  status: TicketStatus,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<{ items: SupportTicket[]; nextCursor: string | null }> {
  const body = await api.get('/admin/support', {
    query: { status, limit: TICKETS_PAGE_SIZE, cursor: cursor ?? undefined },
    signal,
  });
  return supportTicketListSchema.parse(body);
}

export function supportTicketsQueryOptions(status: TicketStatus) {
  return infiniteQueryOptions({
    queryKey: [...supportKey, 'list', status],
    queryFn: ({ pageParam, signal }) => getSupportTickets(status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useSupportTickets(status: TicketStatus) {
  return useInfiniteQuery(supportTicketsQueryOptions(status));
}
