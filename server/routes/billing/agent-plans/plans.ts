import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { plansResponseSchema } from '../../../../common/schemas/subscriptions.ts';
import { presentPlans } from '../../../presenters/subscription.ts';

const planRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/subscriptions/plans',
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'The agent plans: monthly and yearly prices (yearly = 10 x monthly), 14-day trial',
        response: { 200: plansResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return presentPlans();
    },
  );
};

export default planRoutes;
