import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { paymentProviders } from '../../../../common/payment-providers.ts';
import { badRequest } from '../../../errors.ts';
import type { ProviderWebhooks } from '../../../services/billing/core/webhooks.ts';
import { endpoint, registerEndpoints } from '../../endpoints.ts';

/** The raw bytes of a request body (the plugin's JSON parser keeps them; see below). */
const rawBody = (body: unknown): Buffer => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));

/**
 * Signed calls from the payment provider. Neither declares a body: the signature is an HMAC of
 * exactly what was sent, so the handler reads the raw bytes (`request.body`, a Buffer).
 */
export function webhookEndpoints(
  webhooks: ProviderWebhooks,
  approveTransfer: ((rawBody: Buffer) => Promise<boolean>) | null,
) {
  return [
    endpoint({
      method: 'POST',
      url: '/api/payments/webhook/:provider',
      summary: 'Signed provider events (charge.success, ...); duplicates are accepted and do nothing',
      caller: 'visitor',
      params: z.object({ provider: z.enum(paymentProviders) }),
      bodyLimit: 256 * 1024,
      response: z.object({ received: z.literal(true) }),
      errors: [400, 401, 404, 409],
      handler: async ({ params, request }) => {
        await webhooks.receive(params.provider, rawBody(request.body), request.headers);
        return { received: true as const };
      },
    }),
    ...(approveTransfer
      ? [
          endpoint({
            method: 'POST',
            url: '/api/payments/transfer-approval',
            summary:
              "Paystack's transfer approval URL: 200 only for a transfer we initiated, with the same amount, currency and recipient; 400 otherwise",
            caller: 'visitor',
            bodyLimit: 64 * 1024,
            response: z.object({ approved: z.literal(true) }),
            errors: [400],
            handler: async ({ request }) => {
              if (!(await approveTransfer(rawBody(request.body))))
                throw badRequest('This transfer was not initiated by this platform');
              return { approved: true as const };
            },
          }),
        ]
      : []),
  ];
}

/**
 * POST /api/payments/webhook/:provider. Encapsulated so its JSON parser keeps the raw bytes: the
 * signature is an HMAC of exactly what was sent, and re-serialised JSON would not match.
 */
const webhookRoutes: FastifyPluginAsync<{
  webhooks: ProviderWebhooks;
  /** The transfer approval question (null where payouts are not sent by transfer). */
  approveTransfer: ((rawBody: Buffer) => Promise<boolean>) | null;
}> = async (app, { webhooks, approveTransfer }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });
  registerEndpoints(app, ['payments'], webhookEndpoints(webhooks, approveTransfer));
};

export default webhookRoutes;
