import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  initializePaymentResponseSchema,
  initializePaymentSchema,
  verifyPaymentResponseSchema,
  verifyPaymentSchema,
} from '../../../../common/schemas/subscriptions.ts';
import { signedIn } from '../../../plugins/auth.ts';
import { presentCheckout, presentVerification } from '../../../presenters/subscription.ts';
import type { CheckoutService } from '../../../services/billing/agent-plans/checkout.service.ts';
import { bearer, errorResponses } from '../../auth/responses.ts';

const checkoutRoutes: FastifyPluginAsyncZod<{ checkout: CheckoutService }> = async (app, { checkout }) => {
  app.post(
    '/api/subscriptions/initialize-payment',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['subscriptions'],
        summary: 'Start a checkout for a plan; the browser goes to authorization_url',
        description:
          'A first plan starts the 14-day free trial: the checkout is a refunded NGN 50 card check and the plan is charged when the trial ends. An account that had a trial pays the first period at checkout.',
        security: bearer,
        body: initializePaymentSchema,
        response: { 200: initializePaymentResponseSchema, ...errorResponses(400, 401, 403, 409, 503) },
      },
    },
    async (request) => {
      const { planId, billingPeriod } = request.body;
      return presentCheckout(await checkout.initialize(signedIn(request).user, planId, billingPeriod));
    },
  );

  app.post(
    '/api/subscriptions/verify-payment',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['subscriptions'],
        summary: 'Verify a checkout with the provider after the return to /pricing?reference=...',
        security: bearer,
        body: verifyPaymentSchema,
        response: { 200: verifyPaymentResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      presentVerification(await checkout.verify(signedIn(request).user, request.body.reference)),
  );
};

export default checkoutRoutes;
