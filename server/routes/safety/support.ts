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
import { signedIn } from '../../plugins/auth.ts';
import type { SupportService } from '../../services/safety/support.service.ts';
import { bearer, errorResponses } from '../auth/responses.ts';

const idParams = z.object({ id: z.uuid() });

const supportRoutes: FastifyPluginAsyncZod<{ support: SupportService }> = async (app, { support }) => {
  app.post(
    '/api/support',
    {
      preHandler: app.authenticateOptional,
      schema: {
        tags: ['support'],
        summary:
          'Contact Support: stores a ticket and mails a receipt promising a reply within 24 hours (signed in or not)',
        body: supportRequestSchema,
        response: { 201: supportTicketCreatedSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await support.create(request.user, request.ip, request.body)),
  );

  app.get(
    '/api/admin/support',
    {
      preHandler: [app.authenticate, app.requireAdmin],
      schema: {
        tags: ['admin'],
        summary: 'Support tickets by status: open ones oldest first, closed ones newest first (admins only)',
        security: bearer,
        querystring: pageQuery.extend({ status: z.enum(ticketStatuses).default('open') }),
        response: { 200: supportTicketListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      support.list(signedIn(request).user, {
        status: request.query.status,
        ...pageOf(request.query),
      }),
  );

  app.get(
    '/api/admin/support/:id',
    {
      preHandler: [app.authenticate, app.requireAdmin],
      schema: {
        tags: ['admin'],
        summary: 'One support ticket with its replies (admins only)',
        security: bearer,
        params: idParams,
        response: { 200: supportTicketSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => support.get(signedIn(request).user, request.params.id),
  );

  app.post(
    '/api/admin/support/:id/reply',
    {
      preHandler: [app.authenticate, app.requireAdmin],
      schema: {
        tags: ['admin'],
        summary: "Answer a ticket: mailed to the ticket's address and kept with it (admins only)",
        security: bearer,
        params: idParams,
        body: supportReplySchema,
        response: { 200: supportTicketSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => support.reply(signedIn(request).user, request.params.id, request.body),
  );

  app.post(
    '/api/admin/support/:id/close',
    {
      preHandler: [app.authenticate, app.requireAdmin],
      schema: {
        tags: ['admin'],
        summary: 'Close a ticket (admins only)',
        security: bearer,
        params: idParams,
        response: { 200: supportTicketSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => support.close(signedIn(request).user, request.params.id),
  );
};

export default supportRoutes;
