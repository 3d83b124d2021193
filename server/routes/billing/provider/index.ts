import type { FastifyPluginAsync } from 'fastify';
import type { SandboxProvider } from '../../../adapters/payments/sandbox/sandbox-provider.ts';
import type { ProviderWebhooks } from '../../../services/billing/core/webhooks.ts';
import sandboxCheckoutRoutes from './sandbox-checkout.ts';
import webhookRoutes from './webhook.ts';

/** /api/payments: provider webhooks, and the sandbox's checkout page when the sandbox is in use. */
const paymentRoutes: FastifyPluginAsync<{
  webhooks: ProviderWebhooks;
  approveTransfer: ((rawBody: Buffer) => Promise<boolean>) | null;
  sandbox: SandboxProvider | null;
  merchantName: string;
}> = async (app, { webhooks, approveTransfer, sandbox, merchantName }) => {
  await app.register(webhookRoutes, { webhooks, approveTransfer });
  if (sandbox) await app.register(sandboxCheckoutRoutes, { sandbox, merchantName });
};

export default paymentRoutes;
