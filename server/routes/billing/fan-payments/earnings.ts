import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { earningsOverviewSchema, earningsQuerySchema } from '../../../../common/schemas/earnings.ts';
import { signedIn } from '../../../plugins/auth.ts';
import { presentEarnings } from '../../../presenters/earnings.ts';
import type { EarningsService } from '../../../services/billing/fan-payments/earnings.service.ts';
import { bearer, errorResponses } from '../../auth/responses.ts';

const earningsRoutes: FastifyPluginAsyncZod<{ earnings: EarningsService }> = async (app, { earnings }) => {
  app.get(
    '/api/wallet/earnings',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['wallet'],
        summary:
          "The creator's earnings net of fees, refunds and chargebacks, per kind and per day, week or month (UTC), with the top posts and messages",
        security: bearer,
        querystring: earningsQuerySchema,
        response: { 200: earningsOverviewSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => presentEarnings(await earnings.overview(signedIn(request).user, request.query)),
  );
};

export default earningsRoutes;
