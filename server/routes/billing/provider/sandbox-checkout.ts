import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type SandboxProvider,
  sandboxCheckoutPath,
} from '../../../adapters/payments/sandbox/sandbox-provider.ts';
import { renderSandboxCheckout, renderSandboxNotFound } from '../../../presenters/sandbox-checkout-page.ts';

const params = z.object({ reference: z.string().min(1).max(100) });
const html = z.string().describe('An HTML page');

/**
 * The sandbox provider's hosted checkout, served by our own server in test mode. Plain forms post
 * the buyer's choice; the answer is a 303 back to the callback URL with `?reference=`.
 */
const sandboxCheckoutRoutes: FastifyPluginAsyncZod<{
  sandbox: SandboxProvider;
  merchantName: string;
}> = async (app, { sandbox, merchantName }) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  app.get(
    '/api/payments/sandbox/checkout/:reference',
    {
      schema: {
        tags: ['payments'],
        summary: 'Sandbox checkout page (test mode)',
        params,
        produces: ['text/html'],
        response: { 200: html, 404: html },
      },
    },
    async (request, reply) => {
      const checkout = await sandbox.checkout(request.params.reference);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!checkout) return reply.code(404).send(renderSandboxNotFound());
      return reply.send(
        renderSandboxCheckout(checkout, merchantName, sandboxCheckoutPath(checkout.reference)),
      );
    },
  );

  app.post(
    '/api/payments/sandbox/checkout/:reference/:action',
    {
      schema: {
        tags: ['payments'],
        summary: "The sandbox checkout's Pay, Decline and Cancel buttons",
        params: params.extend({ action: z.enum(['pay', 'decline', 'cancel']) }),
        body: z.object({ failRenewals: z.string().optional() }).nullish(),
        response: { 303: z.null().describe('Back to the callback URL'), 404: html },
      },
    },
    async (request, reply) => {
      const target = await sandbox.complete(request.params.reference, request.params.action, {
        failRenewals: request.body?.failRenewals === '1',
      });
      if (!target) {
        return reply.code(404).type('text/html; charset=utf-8').send(renderSandboxNotFound());
      }
      return reply.redirect(target, 303);
    },
  );
};

export default sandboxCheckoutRoutes;
