import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { creatorSubscriptionStateSchema } from '../../../../common/schemas/fan-payments.ts';
import {
  claimTrialSchema,
  createOfferSchema,
  creatorOfferListSchema,
  creatorOfferSchema,
  offerMessages,
  publicOfferSchema,
} from '../../../../common/schemas/offers.ts';
import { presentCreatorSubscriptionState } from '../../../presenters/billing/billing.ts';
import { presentCreatorOffer, presentPublicOffer } from '../../../presenters/billing/offers.ts';
import type { OffersService } from '../../../services/billing/fan-payments/offers.service.ts';
import type { FanSubscriptionsService } from '../../../services/billing/fan-payments/subscriptions.service.ts';
import { endpoint, registerEndpoints } from '../../endpoints.ts';
import { idParams } from './ids.ts';

const offerParams = z.object({ handle: z.string().min(1).max(64), code: z.string().min(1).max(64) });

/** Free trials and promotions: the creator's own (/api/creators/me/offers) and a fan's view of a link. */
export function offerEndpoints(offers: OffersService, subscriptions: FanSubscriptionsService) {
  return [
    endpoint({
      method: 'GET',
      url: '/api/creators/me/offers',
      summary: 'Your free trials and promotions, newest first, with claims and conversions',
      caller: 'user',
      response: creatorOfferListSchema,
      errors: [403],
      handler: async ({ user }) => {
        const rows = await offers.list(user);
        const now = new Date();
        return { items: rows.map((row) => presentCreatorOffer(row, now)) };
      },
    }),
    endpoint({
      method: 'POST',
      url: '/api/creators/me/offers',
      summary:
        'Make a free trial (1 to 30 days) or a promotion (a percentage off the first period for new or expired subscribers), shared by its link',
      caller: 'user',
      body: createOfferSchema,
      status: 201,
      response: creatorOfferSchema,
      errors: [400, 403],
      handler: async ({ user, body }) => presentCreatorOffer(await offers.create(user, body), new Date()),
    }),
    endpoint({
      method: 'POST',
      url: '/api/creators/me/offers/:id/stop',
      summary: 'Stop an offer: its link no longer gives anything (claims made stay)',
      caller: 'user',
      params: idParams,
      status: 204,
      response: z.null(),
      errors: [403, 404],
      handler: async ({ user, params }) => {
        await offers.stop(user, params.id);
        return null;
      },
    }),
    endpoint({
      method: 'GET',
      url: '/api/creators/:handle/offers/:code',
      summary: 'An offer from its link: what it gives and whether you may take it (and if not, why)',
      caller: 'visitor',
      params: offerParams,
      response: publicOfferSchema,
      errors: [404],
      handler: async ({ user, params }) =>
        presentPublicOffer(await offers.view(user, params.handle, params.code)),
    }),
    endpoint({
      method: 'POST',
      url: '/api/creators/:handle/offers/:code/claim',
      summary:
        'Start a free trial at no charge; with renew, it goes on at the monthly price if a card is saved with the provider, otherwise it ends',
      caller: 'user',
      params: offerParams,
      body: claimTrialSchema,
      response: z.object({ message: z.string(), renews: z.boolean(), state: creatorSubscriptionStateSchema }),
      errors: [400, 404, 409],
      handler: async ({ user, params, body }) => {
        const claimed = await offers.claimTrial(user, params.handle, params.code, body.renew);
        return {
          message: offerMessages.trialStarted(claimed.offer.trialDays ?? 0),
          renews: claimed.renews,
          state: presentCreatorSubscriptionState(await subscriptions.state(user, params.handle)),
        };
      },
    }),
  ];
}

const offerRoutes: FastifyPluginAsync<{
  offers: OffersService;
  subscriptions: FanSubscriptionsService;
}> = async (app, { offers, subscriptions }) => {
  registerEndpoints(app, ['fan-payments'], offerEndpoints(offers, subscriptions));
};

export default offerRoutes;
