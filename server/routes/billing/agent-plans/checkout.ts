import type { FastifyPluginAsync } from 'fastify';
import {
  initializePaymentResponseSchema,
  initializePaymentSchema,
  verifyPaymentResponseSchema,
  verifyPaymentSchema,
} from '../../../../common/schemas/subscriptions.ts';
import { presentCheckout, presentVerification } from '../../../presenters/billing/agent-plans.ts';
import type { CheckoutService } from '../../../services/billing/agent-plans/checkout.service.ts';
import { endpoint, registerEndpoints } from '../../endpoints.ts';

/** Buying an agent plan: the checkout, and its verification after the return from the provider. */
export function planCheckoutEndpoints(checkout: CheckoutService) {
  return [
    endpoint({
      method: 'POST',
      url: '/api/subscriptions/initialize-payment',
      summary: 'Start a checkout for a plan; the browser goes to authorization_url',
      description:
        'A first plan starts the 14-day free trial: the checkout is a refunded NGN 50 card check and the plan is charged when the trial ends. An account that had a trial pays the first period at checkout.',
      caller: 'user',
      body: initializePaymentSchema,
      response: initializePaymentResponseSchema,
      errors: [400, 403, 409, 503],
      handler: async ({ user, body }) =>
        presentCheckout(await checkout.initialize(user, body.planId, body.billingPeriod)),
    }),
    endpoint({
      method: 'POST',
      url: '/api/subscriptions/verify-payment',
      summary: 'Verify a checkout with the provider after the return to /pricing?reference=...',
      caller: 'user',
      body: verifyPaymentSchema,
      response: verifyPaymentResponseSchema,
      errors: [400, 404],
      handler: async ({ user, body }) => presentVerification(await checkout.verify(user, body.reference)),
    }),
  ];
}

const checkoutRoutes: FastifyPluginAsync<{ checkout: CheckoutService }> = async (app, { checkout }) => {
  registerEndpoints(app, ['subscriptions'], planCheckoutEndpoints(checkout));
};

export default checkoutRoutes;
