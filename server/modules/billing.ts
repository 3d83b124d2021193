import type { FastifyInstance } from 'fastify';
import agentPlanRoutes from '../routes/billing/agent-plans/index.ts';
import fanPaymentRoutes from '../routes/billing/fan-payments/index.ts';
import providerRoutes from '../routes/billing/provider/index.ts';
import type { PayoutServices } from '../services/billing/payouts/index.ts';
import type { MessagingService } from '../services/messaging/messaging.service.ts';
import type { PresentPosts } from '../services/posts/post-views.ts';
import {
  type BillingRuntime,
  createFanPaymentServices,
  type FanPaymentServices,
} from './billing-services.ts';
import { registerPayouts } from './payouts.ts';
import type { Platform } from './platform.ts';
import type { RealtimeModule } from './realtime.ts';

/**
 * Billing (docs/ARCHITECTURE.md, "Billing core"): agent plans (/api/subscriptions), fan payments
 * (checkout, subscriptions to creators, wallet, library), creator payouts (/api/payouts and the
 * admins' payout pages) and the provider's side (/api/payments: the one webhook entry, the transfer
 * approval URL and the sandbox's checkout page). Returns the fan payment services.
 */
export async function registerBilling(
  app: FastifyInstance,
  p: Platform,
  deps: {
    runtime: BillingRuntime;
    realtime: RealtimeModule;
    presentPosts: PresentPosts;
    messaging: Pick<MessagingService, 'viewOf'>;
    payouts: PayoutServices;
  },
): Promise<FanPaymentServices> {
  const { config } = p;
  await app.register(agentPlanRoutes, { payments: deps.runtime });
  const fanPayments = createFanPaymentServices({
    repos: p.repos,
    provider: deps.runtime.providers.active,
    agentPlans: deps.runtime.webhooks,
    clock: p.clock,
    log: p.log,
    publicUrl: config.publicUrl,
    feePercent: config.payments.platformFeePercent,
    holdDays: config.payments.earningsHoldDays,
    outbox: p.outbox,
    notifications: deps.realtime.notifications,
    events: deps.realtime.events,
    tipLimits: config.payments.tips,
    limiter: p.limiter,
    messageViewOf: (viewerId, messageId) => deps.messaging.viewOf(viewerId, messageId),
    payoutTransfers: deps.payouts.transfers,
  });
  await app.register(fanPaymentRoutes, { fanPayments, presentPosts: deps.presentPosts });
  registerPayouts(app, p, { services: deps.payouts, wallet: fanPayments.wallet });
  const payoutTransfers = deps.payouts.transfers;
  await app.register(providerRoutes, {
    webhooks: fanPayments.webhooks,
    approveTransfer: payoutTransfers ? (rawBody) => payoutTransfers.approve(rawBody) : null,
    sandbox: deps.runtime.providers.sandbox,
    merchantName: 'Fanplace',
  });
  return fanPayments;
}
