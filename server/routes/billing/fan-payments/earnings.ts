import type { FastifyPluginAsync } from 'fastify';
import { earningsOverviewSchema, earningsQuerySchema } from '../../../../common/schemas/earnings.ts';
import { presentEarnings } from '../../../presenters/billing/earnings.ts';
import type { EarningsService } from '../../../services/billing/fan-payments/earnings.service.ts';
import { endpoint, registerEndpoints } from '../../endpoints.ts';

/** A creator's earnings (tags: wallet). */
export function earningsEndpoints(earnings: EarningsService) {
  return [
    endpoint({
      method: 'GET',
      url: '/api/wallet/earnings',
      summary:
        "The creator's earnings net of fees, refunds and chargebacks, per kind and per day, week or month (UTC), with the top posts and messages",
      caller: 'user',
      query: earningsQuerySchema,
      response: earningsOverviewSchema,
      errors: [400, 403],
      handler: async ({ user, query }) => presentEarnings(await earnings.overview(user, query)),
    }),
  ];
}

const earningsRoutes: FastifyPluginAsync<{ earnings: EarningsService }> = async (app, { earnings }) => {
  registerEndpoints(app, ['wallet'], earningsEndpoints(earnings));
};

export default earningsRoutes;
