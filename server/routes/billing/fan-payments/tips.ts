import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkoutResponseSchema } from '../../../../common/schemas/fan-payments.ts';
import { sendTipSchema } from '../../../../common/schemas/tips.ts';
import { signedIn } from '../../../plugins/auth.ts';
import { presentFanCheckout } from '../../../presenters/billing.ts';
import type { TipsService } from '../../../services/billing/fan-payments/tips.service.ts';
import { bearer, errorResponses } from '../../auth/responses.ts';

const handleParams = z.object({ handle: z.string().min(1).max(64) });

/** Tips (server/services/billing/fan-payments/tips.service.ts). */
const tipRoutes: FastifyPluginAsyncZod<{ tips: TipsService }> = async (app, { tips }) => {
  app.post(
    '/api/creators/:handle/tips',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['fan-payments'],
        summary:
          'Start a checkout for a tip to a creator (amount in USD cents within GET /api/config `tips`, optional note); the same idempotencyKey answers the same checkout, and the tip reaches the creator only once the payment is verified',
        security: bearer,
        params: handleParams,
        body: sendTipSchema,
        response: { 200: checkoutResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 429, 503) },
      },
    },
    async (request) =>
      presentFanCheckout(await tips.send(signedIn(request).user, request.params.handle, request.body)),
  );
};

export default tipRoutes;
