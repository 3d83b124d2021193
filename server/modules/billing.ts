import type { JobDefinition } from '../adapters/queue.ts';
import { creatorSubscriptionsJob } from '../jobs/creator-subscriptions.ts';
import { subscriptionLifecycleJob } from '../jobs/subscription-lifecycle.ts';
import agentPlanRoutes from '../routes/billing/agent-plans/index.ts';
import fanPaymentRoutes from '../routes/billing/fan-payments/index.ts';
import providerRoutes from '../routes/billing/provider/index.ts';
import { createBillingRuntime, createFanPaymentServices } from './billing-services.ts';
import type { MessagesModule } from './messages.ts';
import { defineModule } from './module.ts';
import { createPayouts, payoutJobs, registerPayouts } from './payouts.ts';
import type { Platform } from './platform.ts';
import type { PostsModule } from './posts.ts';
import type { RealtimeModule } from './realtime.ts';

/**
 * Billing (docs/ARCHITECTURE.md, "Billing core"): agent plans (/api/subscriptions), fan payments
 * (checkout, subscriptions to creators, wallet, library), creator payouts (/api/payouts and the
 * admins' payout pages) and the provider's side (/api/payments: the one webhook entry, the transfer
 * approval URL and the sandbox's checkout page); and their jobs: renewals, expiry, payouts sent,
 * verified and reconciled.
 */
export function createBillingModule(
  p: Platform,
  deps: { realtime: RealtimeModule; posts: PostsModule; messages: MessagesModule },
) {
  const { config, repos, clock, log } = p;
  const runtime = createBillingRuntime({ config, repos, clock, log, send: p.deliverWebhook });
  const payouts = createPayouts({
    config,
    repos,
    transfers: runtime.providers.transfers,
    outbox: p.outbox,
    notifications: deps.realtime.notifications,
    clock,
    log,
    queue: p.queue,
  });
  const fanPayments = createFanPaymentServices({
    repos,
    provider: runtime.providers.active,
    agentPlans: runtime.webhooks,
    clock,
    log,
    publicUrl: config.publicUrl,
    feePercent: config.payments.platformFeePercent,
    holdDays: config.payments.earningsHoldDays,
    outbox: p.outbox,
    notifications: deps.realtime.notifications,
    events: deps.realtime.events,
    tipLimits: config.payments.tips,
    limiter: p.limiter,
    messageViewOf: (viewerId, messageId) => deps.messages.messageViewOf(viewerId, messageId),
    payoutTransfers: payouts.transfers,
  });
  const jobs: JobDefinition<never>[] = [
    subscriptionLifecycleJob({
      lifecycle: runtime.lifecycle,
      log: (report) => log.info(report, 'subscription lifecycle'),
    }),
    creatorSubscriptionsJob({
      lifecycle: fanPayments.lifecycle,
      log: (report) => log.info(report, 'creator subscriptions'),
    }),
    ...payoutJobs(payouts, { clock, log }),
  ];
  return defineModule({
    name: 'billing',
    /** Agent plans and the payment providers. */
    runtime,
    fanPayments,
    payouts,
    routes: async (app) => {
      await app.register(agentPlanRoutes, { payments: runtime });
      await app.register(fanPaymentRoutes, { fanPayments, presentPosts: deps.posts.presentPosts });
      registerPayouts(app, p, { services: payouts, wallet: fanPayments.wallet });
      const payoutTransfers = payouts.transfers;
      await app.register(providerRoutes, {
        webhooks: fanPayments.webhooks,
        approveTransfer: payoutTransfers ? (rawBody) => payoutTransfers.approve(rawBody) : null,
        sandbox: runtime.providers.sandbox,
        merchantName: 'Fanplace',
      });
    },
    jobs,
    close: async () => {
      runtime.providers.sandboxTransfers?.close();
      await runtime.webhookDelivery.close();
    },
  });
}

export type BillingModule = ReturnType<typeof createBillingModule>;
