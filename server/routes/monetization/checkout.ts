import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkoutResponseSchema,
  creatorSubscriptionStateSchema,
  monetizationMessages as m,
  subscribeSchema,
  unlockPostSchema,
  verifyCheckoutResponseSchema,
  verifyCheckoutSchema,
} from '../../../common/schemas/monetization.ts';
import { notFound } from '../../errors.ts';
import { signedIn } from '../../plugins/auth.ts';
import type { FanCheckoutService } from '../../services/monetization/checkout.service.ts';
import type { FanSubscriptionsService } from '../../services/monetization/subscriptions.service.ts';
import { bearer, errorResponses } from '../auth/responses.ts';

const tags = ['monetization'];
const handleParams = z.object({ handle: z.string().min(1).max(64) });
const postParams = z.object({ id: z.string().max(64) });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
    async (request) => subscriptions.state(request.user, request.params.handle),
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
      checkout.subscribe(
        signedIn(request).user,
        request.params.handle,
        request.body.plan,
        request.body.returnTo,
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
        params: postParams,
        body: unlockPostSchema.optional(),
        response: { 200: checkoutResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => {
      if (!UUID.test(request.params.id)) throw notFound(m.postNotFound);
      return checkout.unlock(signedIn(request).user, request.params.id, request.body?.returnTo);
    },
  );

  app.post(
    '/api/monetization/verify',
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
    async (request) => checkout.verify(signedIn(request).user, request.body.reference),
  );
};

export default checkoutRoutes;
