import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cancelSubscriptionResponseSchema,
  fanSubscriptionListSchema,
  fanPaymentMessages as m,
  subscriberListQuerySchema,
  subscriberListSchema,
  unsubscribeResponseSchema,
} from '../../../../common/schemas/fan-payments.ts';
import { pageOf, pageQuery } from '../../../../common/schemas/pagination.ts';
import { signedIn } from '../../../plugins/auth.ts';
import {
  presentCanceledSubscription,
  presentFanSubscriptions,
  presentSubscribers,
  presentUnsubscribed,
} from '../../../presenters/billing.ts';
import type { FanSubscriptionsService } from '../../../services/billing/fan-payments/subscriptions.service.ts';
import { bearer, errorResponses } from '../../auth/responses.ts';
import { idParams, uuidOr404 } from './ids.ts';

const tags = ['fan-payments'];
const subscriptionId = uuidOr404(m.subscriptionNotFound);

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
      presentFanSubscriptions(await subscriptions.listMine(signedIn(request).user, pageOf(request.query))),
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
    async (request) =>
      presentCanceledSubscription(
        await subscriptions.cancel(signedIn(request).user, subscriptionId(request.params.id)),
      ),
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
    async (request) =>
      presentSubscribers(await subscriptions.listSubscribers(signedIn(request).user, request.query)),
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
    async (request) =>
      presentUnsubscribed(
        await subscriptions.unsubscribe(signedIn(request).user, subscriptionId(request.params.id)),
      ),
  );
};

export default subscriptionRoutes;
