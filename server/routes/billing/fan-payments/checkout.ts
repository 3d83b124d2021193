import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  checkoutResponseSchema,
  creatorSubscriptionStateSchema,
  fanPaymentMessages as m,
  subscribeSchema,
  unlockPostSchema,
  verifyCheckoutResponseSchema,
  verifyCheckoutSchema,
} from '../../../../common/schemas/fan-payments.ts';
import { messageMessages } from '../../../../common/schemas/messages.ts';
import {
  presentCheckoutVerification,
  presentCreatorSubscriptionState,
  presentFanCheckout,
} from '../../../presenters/billing.ts';
import type { FanCheckoutService } from '../../../services/billing/fan-payments/checkout.service.ts';
import type { FanSubscriptionsService } from '../../../services/billing/fan-payments/subscriptions.service.ts';
import { endpoint, registerEndpoints } from '../../endpoints.ts';
import { idParams, uuidOr404 } from './ids.ts';

const handleParams = z.object({ handle: z.string().min(1).max(64) });
const postId = uuidOr404(m.postNotFound);
const messageId = uuidOr404(messageMessages.messageNotFound);

/** Subscribing, unlocking a post or a message, and verifying the payment after the checkout. */
export function checkoutEndpoints(checkout: FanCheckoutService, subscriptions: FanSubscriptionsService) {
  return [
    endpoint({
      method: 'GET',
      url: '/api/creators/:handle/subscription',
      summary: "The Select plan dialog: the creator's plans and the viewer's subscription to them",
      caller: 'visitor',
      params: handleParams,
      response: creatorSubscriptionStateSchema,
      errors: [404],
      handler: async ({ user, params }) =>
        presentCreatorSubscriptionState(await subscriptions.state(user, params.handle)),
    }),
    endpoint({
      method: 'POST',
      url: '/api/creators/:handle/subscribe',
      summary:
        'Start a checkout for a creator plan (monthly, or six months with Save 20%); access starts once the payment is verified',
      caller: 'user',
      params: handleParams,
      body: subscribeSchema,
      response: checkoutResponseSchema,
      errors: [400, 403, 404, 409, 503],
      handler: async ({ user, params, body }) =>
        presentFanCheckout(
          await checkout.subscribe(user, params.handle, body.plan, body.returnTo, body.offer),
        ),
    }),
    endpoint({
      method: 'POST',
      url: '/api/posts/:id/unlock',
      summary:
        'Start a checkout to unlock a pay-per-view post for good; repeated or parallel requests answer the same checkout',
      caller: 'user',
      params: idParams,
      body: unlockPostSchema.optional(),
      response: checkoutResponseSchema,
      errors: [400, 403, 404, 409, 503],
      handler: async ({ user, params, body }) =>
        presentFanCheckout(await checkout.unlock(user, postId(params.id), body?.returnTo)),
    }),
    endpoint({
      method: 'POST',
      url: '/api/messages/:id/unlock',
      summary:
        "Start a checkout to unlock a pay-per-view message's photos and videos for good (its recipient only); back to the conversation after",
      caller: 'user',
      params: idParams,
      response: checkoutResponseSchema,
      errors: [403, 404, 409, 503],
      handler: async ({ user, params }) =>
        presentFanCheckout(await checkout.unlockMessage(user, messageId(params.id).toLowerCase())),
    }),
    endpoint({
      method: 'POST',
      url: '/api/fan-payments/verify',
      summary:
        'After the return from checkout: asks the provider and gives access once (webhooks may have done it already)',
      caller: 'user',
      body: verifyCheckoutSchema,
      response: verifyCheckoutResponseSchema,
      errors: [400, 404],
      handler: async ({ user, body }) =>
        presentCheckoutVerification(await checkout.verify(user, body.reference)),
    }),
  ];
}

const checkoutRoutes: FastifyPluginAsync<{
  checkout: FanCheckoutService;
  subscriptions: FanSubscriptionsService;
}> = async (app, { checkout, subscriptions }) => {
  registerEndpoints(app, ['fan-payments'], checkoutEndpoints(checkout, subscriptions));
};

export default checkoutRoutes;
