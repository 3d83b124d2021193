import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paymentProviders } from '../../../../common/payment-providers.ts';
import { badRequest } from '../../../errors.ts';
import type { ProviderWebhooks } from '../../../services/billing/core/webhooks.ts';
import { errorResponses } from '../../auth/responses.ts';

/**
 * POST /api/payments/webhook/:provider. Encapsulated so its JSON parser keeps the raw bytes: the
 * signature is an HMAC of exactly what was sent, and re-serialised JSON would not match.
 */
const webhookRoutes: FastifyPluginAsyncZod<{
  webhooks: ProviderWebhooks;
  /** The transfer approval question (null where payouts are not sent by transfer). */
  approveTransfer: ((rawBody: Buffer) => Promise<boolean>) | null;
}> = async (app, { webhooks, approveTransfer }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  app.post(
    '/api/payments/webhook/:provider',
    {
      bodyLimit: 256 * 1024,
      schema: {
        tags: ['payments'],
        summary: 'Signed provider events (charge.success, ...); duplicates are accepted and do nothing',
        params: z.object({ provider: z.enum(paymentProviders) }),
        response: { 200: z.object({ received: z.literal(true) }), ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      await webhooks.receive(request.params.provider, raw, request.headers);
      return { received: true as const };
    },
  );

  if (approveTransfer) {
    app.post(
      '/api/payments/transfer-approval',
      {
        bodyLimit: 64 * 1024,
        schema: {
          tags: ['payments'],
          summary:
            "Paystack's transfer approval URL: 200 only for a transfer we initiated, with the same amount, currency and recipient; 400 otherwise",
          response: { 200: z.object({ approved: z.literal(true) }), ...errorResponses(400) },
        },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        if (!(await approveTransfer(raw)))
          throw badRequest('This transfer was not initiated by this platform');
        return { approved: true as const };
      },
    );
  }
};

export default webhookRoutes;
