import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import { signedIn } from '../../../plugins/auth.ts';
import { presentCreatorSubscriptionState } from '../../../presenters/billing.ts';
import { presentCreatorOffer, presentPublicOffer } from '../../../presenters/offers.ts';
import type { OffersService } from '../../../services/billing/fan-payments/offers.service.ts';
import type { FanSubscriptionsService } from '../../../services/billing/fan-payments/subscriptions.service.ts';
import { bearer, errorResponses } from '../../auth/responses.ts';
import { idParams } from './ids.ts';

const tags = ['fan-payments'];
const offerParams = z.object({ handle: z.string().min(1).max(64), code: z.string().min(1).max(64) });

/** Free trials and promotions: the creator's own (/api/creators/me/offers) and a fan's view of a link. */
const offerRoutes: FastifyPluginAsyncZod<{
  offers: OffersService;
  subscriptions: FanSubscriptionsService;
}> = async (app, { offers, subscriptions }) => {
  app.get(
    '/api/creators/me/offers',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Your free trials and promotions, newest first, with claims and conversions',
        security: bearer,
        response: { 200: creatorOfferListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const rows = await offers.list(signedIn(request).user);
      const now = new Date();
      return { items: rows.map((row) => presentCreatorOffer(row, now)) };
    },
  );

  app.post(
    '/api/creators/me/offers',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          'Make a free trial (1 to 30 days) or a promotion (a percentage off the first period for new or expired subscribers), shared by its link',
        security: bearer,
        body: createOfferSchema,
        response: { 201: creatorOfferSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(presentCreatorOffer(await offers.create(signedIn(request).user, request.body), new Date())),
  );

  app.post(
    '/api/creators/me/offers/:id/stop',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Stop an offer: its link no longer gives anything (claims made stay)',
        security: bearer,
        params: idParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await offers.stop(signedIn(request).user, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/creators/:handle/offers/:code',
    {
      preHandler: app.authenticateOptional,
      schema: {
        tags,
        summary: 'An offer from its link: what it gives and whether you may take it (and if not, why)',
        params: offerParams,
        response: { 200: publicOfferSchema, ...errorResponses(404) },
      },
    },
    async (request) =>
      presentPublicOffer(await offers.view(request.user ?? null, request.params.handle, request.params.code)),
  );

  app.post(
    '/api/creators/:handle/offers/:code/claim',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          'Start a free trial at no charge; with renew, it goes on at the monthly price if a card is saved with the provider, otherwise it ends',
        security: bearer,
        params: offerParams,
        body: claimTrialSchema,
        response: {
          200: z.object({ message: z.string(), renews: z.boolean(), state: creatorSubscriptionStateSchema }),
          ...errorResponses(400, 401, 404, 409),
        },
      },
    },
    async (request) => {
      const user = signedIn(request).user;
      const claimed = await offers.claimTrial(
        user,
        request.params.handle,
        request.params.code,
        request.body.renew,
      );
      return {
        message: offerMessages.trialStarted(claimed.offer.trialDays ?? 0),
        renews: claimed.renews,
        state: presentCreatorSubscriptionState(await subscriptions.state(user, request.params.handle)),
      };
    },
  );
};

export default offerRoutes;
