import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePlanSchema,
  currentSubscriptionResponseSchema,
} from '../../../../common/schemas/subscriptions.ts';
import { signedIn } from '../../../plugins/auth.ts';
import { presentCurrentPlan } from '../../../presenters/subscription.ts';
import type { SubscriptionsService } from '../../../services/billing/agent-plans/subscriptions.service.ts';
import { bearer, errorResponses } from '../../auth/responses.ts';

const manageRoutes: FastifyPluginAsyncZod<{ subscriptions: SubscriptionsService }> = async (
  app,
  { subscriptions },
) => {
  app.get(
    '/api/subscriptions/current',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['subscriptions'],
        summary: "The signed-in user's newest plan (live or ended) and whether a free trial is still open",
        security: bearer,
        response: { 200: currentSubscriptionResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => presentCurrentPlan(await subscriptions.current(signedIn(request).user)),
  );

  app.post(
    '/api/subscriptions/cancel',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['subscriptions'],
        summary: 'Cancel at the end of the current period (or trial); nothing more is charged',
        security: bearer,
        response: { 200: currentSubscriptionResponseSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => presentCurrentPlan(await subscriptions.cancel(signedIn(request).user)),
  );

  app.post(
    '/api/subscriptions/change-plan',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['subscriptions'],
        summary:
          'Change plan: at once during the trial, otherwise at the next renewal (which charges the new price)',
        security: bearer,
        body: changePlanSchema,
        response: { 200: currentSubscriptionResponseSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) =>
      presentCurrentPlan(
        await subscriptions.changePlan(
          signedIn(request).user,
          request.body.planId,
          request.body.billingPeriod,
        ),
      ),
  );
};

export default manageRoutes;
