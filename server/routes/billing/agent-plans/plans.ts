import type { FastifyPluginAsync } from 'fastify';
import { plansResponseSchema } from '../../../../common/schemas/subscriptions.ts';
import { presentPlans } from '../../../presenters/billing/agent-plans.ts';
import { endpoint, registerEndpoints } from '../../endpoints.ts';

/** The agent plans, for anyone (the answer does not depend on who asks, so caches may keep it). */
export function planEndpoints() {
  return [
    endpoint({
      method: 'GET',
      url: '/api/subscriptions/plans',
      summary: 'The agent plans: monthly and yearly prices (yearly = 10 x monthly), 14-day trial',
      caller: 'visitor',
      response: plansResponseSchema,
      handler: async ({ reply }) => {
        reply.header('cache-control', 'public, max-age=300');
        return presentPlans();
      },
    }),
  ];
}

const planRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoints(app, ['subscriptions'], planEndpoints());
};

export default planRoutes;
