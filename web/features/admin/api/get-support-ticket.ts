import { queryOptions, useQuery } from '@tanstack/react-query';
import { type SupportTicket, supportTicketSchema } from '#common/schemas/safety.ts';
import { api } from '../../../lib/api-client.ts';
import { supportKey } from './get-support-tickets.ts';

export const supportTicketKey = (id: string) => [...supportKey, 'ticket', id] as const;

/** GET /api/admin/support/:id: the request and its replies. */
export async function getSupportTicket(id: string, signal?: AbortSignal): Promise<SupportTicket> {
  const body = await api.get(`/admin/support/${encodeURIComponent(id)}`, { signal });
  return supportTicketSchema.parse(body);
}

export function supportTicketQueryOptions(id: string) {
  return queryOptions({
    queryKey: supportTicketKey(id),
    queryFn: ({ signal }) => getSupportTicket(id, signal),
  });
}

export function useSupportTicket(id: string) {
  return useQuery(supportTicketQueryOptions(id));
}
