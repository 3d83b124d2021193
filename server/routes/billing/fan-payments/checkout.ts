import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  creatorSubscriptionStateSchema,
  fanPaymentMessages as m,
  payWithSchema,
  subscribeResponseSchema,
  subscribeSchema,
  unlockPostSchema,
  verifyCheckoutResponseSchema,
  verifyCheckoutSchema,
} from '../../../../common/schemas/fan-payments.ts';
import { messageMessages } from '../../../../common/schemas/messages.ts';
import { offerMessages } from '../../../../common/schemas/offers.ts';
import {
  paymentStartedSchema,
  savedCardMessages,
  savedCardStateSchema,
} from '../../../../common/schemas/saved-cards.ts';
import { notFound } from '../../../errors.ts';
import {
  presentCheckoutVerification,
  presentCreatorSubscriptionState,
} from '../../../presenters/billing/billing.ts';
import { presentPaymentStarted, presentSavedCard } from '../../../presenters/billing/saved-cards.ts';
import type { FanCheckoutService } from '../../../services/billing/fan-payments/checkout.service.ts';
import type { FanSubscriptionsService } from '../../../services/billing/fan-payments/subscriptions.service.ts';
import { endpoint, registerEndpoints } from '../../endpoints.ts';
import { idParams, uuidOr404 } from './ids.ts';

const handleParams = z.object({ handle: z.string().min(1).max(64) });
const postId = uuidOr404(m.postNotFound);
const messageId = uuidOr404(messageMessages.messageNotFound);
const unlockMessageSchema = z.object({ payWith: payWithSchema.optional() });
const oneTap =
  "With `payWith: 'saved_card'` the fan's saved card (GET /api/me/saved-card) is charged at once and the answer is the payment's outcome instead of a checkout page; 409 when no card is saved.";

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
      description:
        "With a free trial's code (from its link, monthly plan only) the trial starts at once and the answer says so instead of giving a checkout: nothing is charged. An offer the fan may not take is refused with its reason (409).",
      response: subscribeResponseSchema,
      errors: [400, 403, 404, 409, 503],
      handler: async ({ user, params, body }) => {
        const answer = await checkout.subscribe(user, params.handle, body.plan, {
          returnTo: body.returnTo,
          offerCode: body.offer,
          renew: body.renew,
          payWith: body.payWith,
        });
        if (!('trial' in answer)) return presentPaymentStarted(answer);
        return {
          message: offerMessages.trialStarted(answer.trial.offer.trialDays ?? 0),
          renews: answer.trial.renews,
          state: presentCreatorSubscriptionState(await subscriptions.state(user, params.handle)),
        };
      },
    }),
    endpoint({
      method: 'POST',
      url: '/api/posts/:id/unlock',
      summary:
        'Start a checkout to unlock a pay-per-view post for good; repeated or parallel requests answer the same checkout',
      caller: 'user',
      params: idParams,
      body: unlockPostSchema.optional(),
      description: oneTap,
      response: paymentStartedSchema,
      errors: [400, 403, 404, 409, 503],
      handler: async ({ user, params, body }) =>
        presentPaymentStarted(await checkout.unlock(user, postId(params.id), body?.returnTo, body?.payWith)),
    }),
    endpoint({
      method: 'POST',
      url: '/api/messages/:id/unlock',
      summary:
        "Start a checkout to unlock a pay-per-view message's photos and videos for good (its recipient only); back to the conversation after",
      caller: 'user',
      params: idParams,
      body: unlockMessageSchema.nullish(),
      description: oneTap,
      response: paymentStartedSchema,
      errors: [400, 403, 404, 409, 503],
      handler: async ({ user, params, body }) =>
        presentPaymentStarted(
          await checkout.unlockMessage(user, messageId(params.id).toLowerCase(), body?.payWith),
        ),
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
    endpoint({
      method: 'GET',
      url: '/api/me/saved-card',
      summary:
        "The card the viewer's next payment can be made with in one tap (brand and last four digits), or null",
      caller: 'user',
      response: savedCardStateSchema,
      handler: async ({ user }) => presentSavedCard(await checkout.savedCard(user)),
    }),
    endpoint({
      method: 'DELETE',
      url: '/api/me/saved-card',
      summary:
        'Forget the saved card: the next payment goes through the checkout page (subscriptions keep renewing on the card they were paid with until cancelled)',
      caller: 'user',
      response: savedCardStateSchema,
      errors: [404],
      handler: async ({ user }) => {
        if (!(await checkout.forgetSavedCard(user))) throw notFound(savedCardMessages.noneToForget);
        return presentSavedCard(null);
      },
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
