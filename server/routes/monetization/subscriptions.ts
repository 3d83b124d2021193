import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limits } from '../../../common/limits.ts';
import {
  cancelSubscriptionResponseSchema,
  fanSubscriptionListSchema,
  monetizationMessages as m,
  subscriberListQuerySchema,
  subscriberListSchema,
  unsubscribeResponseSchema,
} from '../../../common/schemas/monetization.ts';
import { notFound } from '../../errors.ts';
import { signedIn } from '../../plugins/auth.ts';
import type { FanSubscriptionsService } from '../../services/monetization/subscriptions.service.ts';
import { bearer, errorResponses } from '../auth/responses.ts';

const tags = ['monetization'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idParams = z.object({ id: z.string().max(64) });
const pageQuery = z.object({
  cursor: z.string().max(500).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(limits.pagination.maxLimit)
    .default(limits.pagination.defaultLimit),
});
const subscriptionId = (id: string) => {
  if (!UUID.test(id)) throw notFound(m.subscriptionNotFound);
  return id;
};

const subscriptionRoutes: FastifyPluginAsyncZod<{ subscriptions: FanSubscriptionsService }> = async (
  app,
  { subscriptions },
) => {
  app.get(
    '/api/me/subscriptions',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "The fan's subscriptions to creators, newest first",
        security: bearer,
        querystring: pageQuery,
        response: { 200: fanSubscriptionListSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) =>
      subscriptions.listMine(signedIn(request).user, {
        limit: request.query.limit,
        ...(request.query.cursor ? { cursor: request.query.cursor } : {}),
      }),
  );

  app.post(
    '/api/me/subscriptions/:id/cancel',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Cancel: nothing more is charged, access lasts until the end of the paid period',
        security: bearer,
        params: idParams,
        response: { 200: cancelSubscriptionResponseSchema, ...errorResponses(401, 404, 409) },
      },
    },
    async (request) => subscriptions.cancel(signedIn(request).user, subscriptionId(request.params.id)),
  );

  app.get(
    '/api/creators/me/subscribers',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          "The creator's subscribers (Manage Subscriptions): search by name or email, status, start date range",
        security: bearer,
        querystring: subscriberListQuerySchema,
        response: { 200: subscriberListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => subscriptions.listSubscribers(signedIn(request).user, request.query),
  );

  app.post(
    '/api/creators/me/subscribers/:id/unsubscribe',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          "Unsubscribe user: the fan's access ends now and the unused part of the period is refunded pro rata",
        security: bearer,
        params: idParams,
        response: { 200: unsubscribeResponseSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => subscriptions.unsubscribe(signedIn(request).user, subscriptionId(request.params.id)),
  );
};

export default subscriptionRoutes;
