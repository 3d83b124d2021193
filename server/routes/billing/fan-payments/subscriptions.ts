import type { FastifyPluginAsync } from 'fastify';
import {
  cancelSubscriptionResponseSchema,
  changePriceSchema,
  fanSubscriptionListSchema,
  fanPaymentMessages as m,
  priceChangeSchema,
  subscriberListQuerySchema,
  subscriberListSchema,
  unsubscribeResponseSchema,
} from '../../../../common/schemas/fan-payments.ts';
import { pageOf, pageQuery } from '../../../../common/schemas/pagination.ts';
import {
  presentCanceledSubscription,
  presentFanSubscriptions,
  presentPriceChange,
  presentSubscribers,
  presentUnsubscribed,
} from '../../../presenters/billing/billing.ts';
import type { FanSubscriptionsService } from '../../../services/billing/fan-payments/subscriptions.service.ts';
import { endpoint, registerEndpoints } from '../../endpoints.ts';
import { idParams, uuidOr404 } from './ids.ts';

const subscriptionId = uuidOr404(m.subscriptionNotFound);

/** A fan's subscriptions to creators, and a creator's subscribers. */
export function subscriptionEndpoints(subscriptions: FanSubscriptionsService) {
  return [
    endpoint({
      method: 'GET',
      url: '/api/me/subscriptions',
      summary: "The fan's subscriptions to creators, newest first",
      caller: 'user',
      query: pageQuery,
      response: fanSubscriptionListSchema,
      errors: [400],
      handler: async ({ user, query }) =>
        presentFanSubscriptions(await subscriptions.listMine(user, pageOf(query))),
    }),
    endpoint({
      method: 'POST',
      url: '/api/me/subscriptions/:id/cancel',
      summary: 'Cancel: nothing more is charged, access lasts until the end of the paid period',
      caller: 'user',
      params: idParams,
      response: cancelSubscriptionResponseSchema,
      errors: [404, 409],
      handler: async ({ user, params }) =>
        presentCanceledSubscription(await subscriptions.cancel(user, subscriptionId(params.id))),
    }),
    endpoint({
      method: 'GET',
      url: '/api/creators/me/subscribers',
      summary:
        "The creator's subscribers (Manage Subscriptions): search by name or email, status, start date range",
      caller: 'user',
      query: subscriberListQuerySchema,
      response: subscriberListSchema,
      errors: [400, 403],
      handler: async ({ user, query }) =>
        presentSubscribers(await subscriptions.listSubscribers(user, query)),
    }),
    endpoint({
      method: 'PUT',
      url: '/api/creators/me/price',
      summary:
        'Change your monthly price: new subscribers pay it at once, current subscribers from their next renewal (each is told first)',
      caller: 'user',
      body: changePriceSchema,
      response: priceChangeSchema,
      errors: [400, 403],
      handler: async ({ user, body }) => presentPriceChange(await subscriptions.changePrice(user, body)),
    }),
    endpoint({
      method: 'POST',
      url: '/api/creators/me/subscribers/:id/unsubscribe',
      summary:
        "Unsubscribe user: the fan's access ends now and the unused part of the period is refunded pro rata",
      caller: 'user',
      params: idParams,
      response: unsubscribeResponseSchema,
      errors: [403, 404, 409],
      handler: async ({ user, params }) =>
        presentUnsubscribed(await subscriptions.unsubscribe(user, subscriptionId(params.id))),
    }),
  ];
}

const subscriptionRoutes: FastifyPluginAsync<{ subscriptions: FanSubscriptionsService }> = async (
  app,
  { subscriptions },
) => {
  registerEndpoints(app, ['fan-payments'], subscriptionEndpoints(subscriptions));
};

export default subscriptionRoutes;
