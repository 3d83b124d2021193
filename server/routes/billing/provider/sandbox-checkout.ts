import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  type SandboxProvider,
  sandboxCheckoutPath,
} from '../../../adapters/payments/sandbox/sandbox-provider.ts';
import {
  renderSandboxCheckout,
  renderSandboxNotFound,
} from '../../../presenters/billing/sandbox-checkout-page.ts';
import { endpoint, registerEndpoints } from '../../endpoints.ts';

const params = z.object({ reference: z.string().min(1).max(100) });
const html = z.string().describe('An HTML page');

/**
 * The sandbox provider's hosted checkout, served by our own server in test mode. Plain forms post
 * the buyer's choice; the answer is a 303 back to the callback URL with `?reference=`.
 */
export function sandboxCheckoutEndpoints(sandbox: SandboxProvider, merchantName: string) {
  return [
    endpoint({
      method: 'GET',
      url: '/api/payments/sandbox/checkout/:reference',
      summary: 'Sandbox checkout page (test mode)',
      caller: 'visitor',
      params,
      produces: ['text/html'],
      response: html,
      otherResponses: { 404: html },
      handler: async ({ params, reply }) => {
        const checkout = await sandbox.checkout(params.reference);
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
        if (!checkout) return reply.code(404).send(renderSandboxNotFound()) as never;
        return reply.send(
          renderSandboxCheckout(checkout, merchantName, sandboxCheckoutPath(checkout.reference)),
        ) as never;
      },
    }),
    endpoint({
      method: 'POST',
      url: '/api/payments/sandbox/checkout/:reference/:action',
      summary: "The sandbox checkout's Pay, Decline and Cancel buttons",
      caller: 'visitor',
      params: params.extend({ action: z.enum(['pay', 'decline', 'cancel']) }),
      body: z.object({ failRenewals: z.string().optional() }).nullish(),
      status: 303,
      response: z.null().describe('Back to the callback URL'),
      otherResponses: { 404: html },
      handler: async ({ params, body, reply }) => {
        const target = await sandbox.complete(params.reference, params.action, {
          failRenewals: body?.failRenewals === '1',
        });
        if (!target) {
          return reply.code(404).type('text/html; charset=utf-8').send(renderSandboxNotFound()) as never;
        }
        return reply.redirect(target, 303) as never;
      },
    }),
  ];
}

const sandboxCheckoutRoutes: FastifyPluginAsync<{
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
  registerEndpoints(app, ['payments'], sandboxCheckoutEndpoints(sandbox, merchantName));
};

export default sandboxCheckoutRoutes;
