import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { paymentStartedSchema } from '../../../../common/schemas/saved-cards.ts';
import { sendTipSchema } from '../../../../common/schemas/tips.ts';
import { presentPaymentStarted } from '../../../presenters/billing/saved-cards.ts';
import type { TipsService } from '../../../services/billing/fan-payments/tips.service.ts';
import { endpoint, registerEndpoints } from '../../endpoints.ts';

const handleParams = z.object({ handle: z.string().min(1).max(64) });

/** Tips (server/services/billing/fan-payments/tips.service.ts). */
export function tipEndpoints(tips: TipsService) {
  return [
    endpoint({
      method: 'POST',
      url: '/api/creators/:handle/tips',
      summary:
        'Start a checkout for a tip to a creator (amount in USD cents within GET /api/config `tips`, optional note); the same idempotencyKey answers the same checkout, and the tip reaches the creator only once the payment is verified',
      caller: 'user',
      params: handleParams,
      body: sendTipSchema,
      description:
        "With `payWith: 'saved_card'` the fan's saved card is charged at once and the answer is the payment's outcome (no checkout page).",
      response: paymentStartedSchema,
      errors: [400, 403, 404, 409, 429, 503],
      handler: async ({ user, params, body }) =>
        presentPaymentStarted(await tips.send(user, params.handle, body)),
    }),
  ];
}

const tipRoutes: FastifyPluginAsync<{ tips: TipsService }> = async (app, { tips }) => {
  registerEndpoints(app, ['fan-payments'], tipEndpoints(tips));
};

export default tipRoutes;
