import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { type SupportTicket, supportTicketSchema } from '#common/schemas/safety.ts';
import { api } from '../../../lib/api-client.ts';
import { supportTicketKey } from './get-support-ticket.ts';
import { supportKey } from './get-support-tickets.ts';

/** POST /api/admin/support/:id/reply: mailed to the person who wrote, and kept with the ticket. */
export async function replyToTicket({
  id,
  message,
}: {
  id: string;
  message: string;
}): Promise<SupportTicket> {
  const body = await api.post(`/admin/support/${encodeURIComponent(id)}/reply`, { message });
  return supportTicketSchema.parse(body);
}

/** POST /api/admin/support/:id/close */
export async function closeTicket(id: string): Promise<SupportTicket> {
  const body = await api.post(`/admin/support/${encodeURIComponent(id)}/close`);
  return supportTicketSchema.parse(body);
}

/** The answer is the ticket as it now is: it goes straight into the cache, and the lists refresh. */
function store(queryClient: QueryClient, ticket: SupportTicket): Promise<void> {
  queryClient.setQueryData(supportTicketKey(ticket.id), ticket);
  return queryClient.invalidateQueries({ queryKey: [...supportKey, 'list'] });
}

export function useReplyToTicket() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: replyToTicket, onSuccess: (ticket) => store(queryClient, ticket) });
}

export function useCloseTicket() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: closeTicket, onSuccess: (ticket) => store(queryClient, ticket) });
}
