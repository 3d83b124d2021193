import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import { signedIn } from '../../../plugins/auth.ts';
import {
  presentCheckoutVerification,
  presentCreatorSubscriptionState,
  presentFanCheckout,
} from '../../../presenters/billing.ts';
import type { FanCheckoutService } from '../../../services/billing/fan-payments/checkout.service.ts';
import type { FanSubscriptionsService } from '../../../services/billing/fan-payments/subscriptions.service.ts';
import { bearer, errorResponses } from '../../auth/responses.ts';
import { idParams, uuidOr404 } from './ids.ts';

const tags = ['fan-payments'];
const handleParams = z.object({ handle: z.string().min(1).max(64) });
const postId = uuidOr404(m.postNotFound);
const messageId = uuidOr404(messageMessages.messageNotFound);

const checkoutRoutes: FastifyPluginAsyncZod<{
  checkout: FanCheckoutService;
  subscriptions: FanSubscriptionsService;
}> = async (app, { checkout, subscriptions }) => {
  app.get(
    '/api/creators/:handle/subscription',
    {
      preHandler: app.authenticateOptional,
      schema: {
        tags,
        summary: "The Select plan dialog: the creator's plans and the viewer's subscription to them",
        params: handleParams,
        response: { 200: creatorSubscriptionStateSchema, ...errorResponses(404) },
      },
    },
    async (request) =>
      presentCreatorSubscriptionState(await subscriptions.state(request.user, request.params.handle)),
  );

  app.post(
    '/api/creators/:handle/subscribe',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          'Start a checkout for a creator plan (monthly, or six months with Save 20%); access starts once the payment is verified',
        security: bearer,
        params: handleParams,
        body: subscribeSchema,
        response: { 200: checkoutResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) =>
      presentFanCheckout(
        await checkout.subscribe(
          signedIn(request).user,
          request.params.handle,
          request.body.plan,
          request.body.returnTo,
          request.body.offer,
        ),
      ),
  );

  app.post(
    '/api/posts/:id/unlock',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          'Start a checkout to unlock a pay-per-view post for good; repeated or parallel requests answer the same checkout',
        security: bearer,
        params: idParams,
        body: unlockPostSchema.optional(),
        response: { 200: checkoutResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) =>
      presentFanCheckout(
        await checkout.unlock(signedIn(request).user, postId(request.params.id), request.body?.returnTo),
      ),
  );

  app.post(
    '/api/messages/:id/unlock',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          "Start a checkout to unlock a pay-per-view message's photos and videos for good (its recipient only); back to the conversation after",
        security: bearer,
        params: idParams,
        response: { 200: checkoutResponseSchema, ...errorResponses(401, 403, 404, 409, 503) },
      },
    },
    async (request) =>
      presentFanCheckout(
        await checkout.unlockMessage(signedIn(request).user, messageId(request.params.id).toLowerCase()),
      ),
  );

  app.post(
    '/api/fan-payments/verify',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          'After the return from checkout: asks the provider and gives access once (webhooks may have done it already)',
        security: bearer,
        body: verifyCheckoutSchema,
        response: { 200: verifyCheckoutResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      presentCheckoutVerification(await checkout.verify(signedIn(request).user, request.body.reference)),
  );
};

export default checkoutRoutes;
