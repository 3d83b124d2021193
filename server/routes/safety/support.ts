import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf, pageQuery } from '../../../common/schemas/pagination.ts';
import {
  supportReplySchema,
  supportRequestSchema,
  supportTicketCreatedSchema,
  supportTicketListSchema,
  supportTicketSchema,
  ticketStatuses,
} from '../../../common/schemas/safety.ts';
import { presentSupportTicket } from '../../presenters/safety/safety.ts';
import type { SupportService, TicketFacts } from '../../services/safety/support.service.ts';
import { endpoint, registerEndpoints } from '../endpoints.ts';

const idParams = z.object({ id: z.uuid() });
const present = ({ ticket, replies, now }: TicketFacts) => presentSupportTicket(ticket, replies, now);

/** Contact Support, signed in or not (tags: support). */
export function supportEndpoints(support: SupportService) {
  return [
    endpoint({
      method: 'POST',
      url: '/api/support',
      summary:
        'Contact Support: stores a ticket and mails a receipt promising a reply within 24 hours (signed in or not)',
      caller: 'visitor',
      body: supportRequestSchema,
      status: 201,
      response: supportTicketCreatedSchema,
      errors: [400, 429],
      handler: ({ user, body, request }) => support.create(user, request.ip, body),
    }),
  ];
}

/** Admins answering support tickets (tags: admin). */
export function adminSupportEndpoints(support: SupportService) {
  return [
    endpoint({
      method: 'GET',
      url: '/api/admin/support',
      summary: 'Support tickets by status: open ones oldest first, closed ones newest first (admins only)',
      caller: 'admin',
      query: pageQuery.extend({ status: z.enum(ticketStatuses).default('open') }),
      response: supportTicketListSchema,
      errors: [400],
      handler: async ({ user, query }) => {
        const { items, nextCursor } = await support.list(user, { status: query.status, ...pageOf(query) });
        return { items: items.map(present), nextCursor };
      },
    }),
    endpoint({
      method: 'GET',
      url: '/api/admin/support/:id',
      summary: 'One support ticket with its replies (admins only)',
      caller: 'admin',
      params: idParams,
      response: supportTicketSchema,
      errors: [400, 404],
      handler: async ({ user, params }) => present(await support.get(user, params.id)),
    }),
    endpoint({
      method: 'POST',
      url: '/api/admin/support/:id/reply',
      summary: "Answer a ticket: mailed to the ticket's address and kept with it (admins only)",
      caller: 'admin',
      params: idParams,
      body: supportReplySchema,
      response: supportTicketSchema,
      errors: [400, 404, 409],
      handler: async ({ user, params, body }) => present(await support.reply(user, params.id, body)),
    }),
    endpoint({
      method: 'POST',
      url: '/api/admin/support/:id/close',
      summary: 'Close a ticket (admins only)',
      caller: 'admin',
      params: idParams,
      response: supportTicketSchema,
      errors: [400, 404, 409],
      handler: async ({ user, params }) => present(await support.close(user, params.id)),
    }),
  ];
}

const supportRoutes: FastifyPluginAsyncZod<{ support: SupportService }> = async (app, { support }) => {
  registerEndpoints(app, ['support'], supportEndpoints(support));
  registerEndpoints(app, ['admin'], adminSupportEndpoints(support));
};

export default supportRoutes;
