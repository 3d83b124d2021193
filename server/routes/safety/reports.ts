import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf, pageQuery } from '../../../common/schemas/pagination.ts';
import {
  reportListSchema,
  reportSchema,
  reportStatuses,
  reportViewSchema,
  resolveReportSchema,
} from '../../../common/schemas/safety.ts';
import { signedIn } from '../../plugins/auth.ts';
import type { ReportsService } from '../../services/safety/reports.service.ts';
import { bearer, errorResponses } from '../auth/responses.ts';

const reportRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = async (app, { reports }) => {
  app.post(
    '/api/reports',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['safety'],
        summary: 'Report a post, a creator profile or a message to the moderators',
        security: bearer,
        body: reportSchema,
        response: {
          201: z.object({ id: z.string(), message: z.string() }),
          ...errorResponses(400, 401, 404, 429),
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await reports.create(signedIn(request).user, request.body)),
  );

  app.get(
    '/api/admin/reports',
    {
      preHandler: [app.authenticate, app.requireAdmin],
      schema: {
        tags: ['admin'],
        summary: 'The reports queue, oldest first, with the reported content and its age (admins only)',
        security: bearer,
        querystring: pageQuery.extend({ status: z.enum(reportStatuses).default('open') }),
        response: { 200: reportListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      reports.list(signedIn(request).user, {
        status: request.query.status,
        ...pageOf(request.query),
      }),
  );

  app.post(
    '/api/admin/reports/:id/resolve',
    {
      preHandler: [app.authenticate, app.requireAdmin],
      schema: {
        tags: ['admin'],
        summary: 'Resolve a report, optionally removing the content and suspending its owner (admins only)',
        security: bearer,
        params: z.object({ id: z.uuid() }),
        body: resolveReportSchema,
        response: { 200: reportViewSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => reports.resolve(signedIn(request).user, request.params.id, request.body),
  );
};

export default reportRoutes;
