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
import { presentReport } from '../../presenters/safety/safety.ts';
import type { ReportFacts, ReportsService } from '../../services/safety/reports.service.ts';
import { endpoint, registerEndpoints } from '../endpoints.ts';

const present = (facts: ReportFacts) => presentReport(facts.report, facts);

/** Reporting content to the moderators (tags: safety). */
export function reportEndpoints(reports: ReportsService) {
  return [
    endpoint({
      method: 'POST',
      url: '/api/reports',
      summary: 'Report a post, a creator profile or a message to the moderators',
      caller: 'user',
      body: reportSchema,
      status: 201,
      response: z.object({ id: z.string(), message: z.string() }),
      errors: [400, 404, 429],
      handler: ({ user, body }) => reports.create(user, body),
    }),
  ];
}

/** The moderators' queue (tags: admin). */
export function adminReportEndpoints(reports: ReportsService) {
  return [
    endpoint({
      method: 'GET',
      url: '/api/admin/reports',
      summary: 'The reports queue, oldest first, with the reported content and its age (admins only)',
      caller: 'admin',
      query: pageQuery.extend({ status: z.enum(reportStatuses).default('open') }),
      response: reportListSchema,
      errors: [400],
      handler: async ({ user, query }) => {
        const { items, nextCursor } = await reports.list(user, { status: query.status, ...pageOf(query) });
        return { items: items.map(present), nextCursor };
      },
    }),
    endpoint({
      method: 'POST',
      url: '/api/admin/reports/:id/resolve',
      summary: 'Resolve a report, optionally removing the content and suspending its owner (admins only)',
      caller: 'admin',
      params: z.object({ id: z.uuid() }),
      body: resolveReportSchema,
      response: reportViewSchema,
      errors: [400, 404, 409],
      handler: async ({ user, params, body }) => present(await reports.resolve(user, params.id, body)),
    }),
  ];
}

const reportRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = async (app, { reports }) => {
  registerEndpoints(app, ['safety'], reportEndpoints(reports));
  registerEndpoints(app, ['admin'], adminReportEndpoints(reports));
};

export default reportRoutes;
