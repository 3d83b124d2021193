import type { FastifyPluginAsync } from 'fastify';
import {
  changePlanSchema,
  currentSubscriptionResponseSchema,
} from '../../../../common/schemas/subscriptions.ts';
import { presentCurrentPlan } from '../../../presenters/billing/agent-plans.ts';
import type { SubscriptionsService } from '../../../services/billing/agent-plans/subscriptions.service.ts';
import { endpoint, registerEndpoints } from '../../endpoints.ts';

/** The signed-in user's own plan: see it, cancel it, change it. */
export function planManageEndpoints(subscriptions: SubscriptionsService) {
  return [
    endpoint({
      method: 'GET',
      url: '/api/subscriptions/current',
      summary: "The signed-in user's newest plan (live or ended) and whether a free trial is still open",
      caller: 'user',
      response: currentSubscriptionResponseSchema,
      handler: async ({ user }) => presentCurrentPlan(await subscriptions.current(user)),
    }),
    endpoint({
      method: 'POST',
      url: '/api/subscriptions/cancel',
      summary: 'Cancel at the end of the current period (or trial); nothing more is charged',
      caller: 'user',
      response: currentSubscriptionResponseSchema,
      errors: [404],
      handler: async ({ user }) => presentCurrentPlan(await subscriptions.cancel(user)),
    }),
    endpoint({
      method: 'POST',
      url: '/api/subscriptions/change-plan',
      summary:
        'Change plan: at once during the trial, otherwise at the next renewal (which charges the new price)',
      caller: 'user',
      body: changePlanSchema,
      response: currentSubscriptionResponseSchema,
      errors: [400, 404, 409],
      handler: async ({ user, body }) =>
        presentCurrentPlan(await subscriptions.changePlan(user, body.planId, body.billingPeriod)),
    }),
  ];
}

const manageRoutes: FastifyPluginAsync<{ subscriptions: SubscriptionsService }> = async (
  app,
  { subscriptions },
) => {
  registerEndpoints(app, ['subscriptions'], planManageEndpoints(subscriptions));
};

export default manageRoutes;
