import { routes } from '../../common/routes.ts';
import type { Outbox } from '../adapters/mail/index.ts';
import { createPaymentProviders, type PaymentProviders } from '../adapters/payments/index.ts';
import type { PaymentProvider } from '../adapters/payments/provider.ts';
import {
  createWebhookDeliverer,
  type WebhookDeliverer,
  type WebhookDelivery,
} from '../adapters/payments/webhook-delivery.ts';
import type { RateLimiter } from '../adapters/rate-limit/index.ts';
import type { Config } from '../config.ts';
import type { Clock } from '../lib/clock.ts';
import { presentMessage } from '../presenters/messages/message.ts';
import { createCheckoutService } from '../services/billing/agent-plans/checkout.service.ts';
import {
  createAuthorizationReleaser,
  createLifecycleService,
} from '../services/billing/agent-plans/lifecycle.service.ts';
import { createRefundService } from '../services/billing/agent-plans/refunds.service.ts';
import { createAgentPlanSettlement } from '../services/billing/agent-plans/settlement.service.ts';
import { createSubscriptionsService } from '../services/billing/agent-plans/subscriptions.service.ts';
import type { PaymentsLog } from '../services/billing/core/renewals.ts';
import {
  createProviderWebhooks,
  type TransferEvents,
  type WebhookPurpose,
  webhookPurpose,
} from '../services/billing/core/webhooks.ts';
import { createFanCheckoutService } from '../services/billing/fan-payments/checkout.service.ts';
import { createEarningsService } from '../services/billing/fan-payments/earnings.service.ts';
import { createFanPaymentLibrary } from '../services/billing/fan-payments/library.service.ts';
import { createFanPaymentLifecycle } from '../services/billing/fan-payments/lifecycle.service.ts';
import { createFanPaymentNotifier, type MessageViewOf } from '../services/billing/fan-payments/notifier.ts';
import { createOffersService } from '../services/billing/fan-payments/offers.service.ts';
import { createFanRefundService } from '../services/billing/fan-payments/refunds.service.ts';
import { createFanPaymentSettlement } from '../services/billing/fan-payments/settlement.service.ts';
import { createFanSubscriptionsService } from '../services/billing/fan-payments/subscriptions.service.ts';
import { createTipsService } from '../services/billing/fan-payments/tips.service.ts';
import { createTipSettlement } from '../services/billing/fan-payments/tips-settlement.ts';
import { createWalletService } from '../services/billing/fan-payments/wallet.service.ts';
import type { EventsService } from '../services/realtime/events.service.ts';
import type { NotificationsService } from '../services/realtime/notifications.service.ts';
import type { Repositories } from './repositories.ts';

/**
 * The billing services as the web process (server/app.ts, then `registerBilling` in billing.ts) and
 * the worker (server/worker.ts) both build them, from the one set of repositories.
 */

/** Agent plans: checkout, the plan's management, settlement, refunds and the renewal job. */
function createAgentPlanServices(deps: {
  repos: Pick<Repositories, 'agentPlans'>;
  provider: PaymentProvider;
  clock: Clock;
  log: PaymentsLog;
  /** Where the provider sends the buyer back: PUBLIC_URL/pricing. */
  callbackUrl: string;
}) {
  const { provider, clock, log } = deps;
  const store = deps.repos.agentPlans;
  const refunds = createRefundService({ store, provider, clock, log });
  const releaseAuthorization = createAuthorizationReleaser(provider, log);
  const settlement = createAgentPlanSettlement({
    store,
    clock,
    refund: async (paymentId) => {
      await refunds.refund(paymentId);
    },
    releaseAuthorization,
  });
  return {
    checkout: createCheckoutService({
      store,
      provider,
      settlement,
      clock,
      callbackUrl: deps.callbackUrl,
      log,
    }),
    subscriptions: createSubscriptionsService({ store, clock }),
    /** Provider events about agent-plan payments (the one webhook entry routes them here). */
    webhooks: webhookPurpose(store.payments.findByReference, settlement),
    recordOnly: settlement.recordOnly,
    lifecycle: createLifecycleService({
      store,
      provider,
      settlement,
      refunds,
      clock,
      log,
      releaseAuthorization,
    }),
  };
}

export type BillingRuntime = ReturnType<typeof createAgentPlanServices> & {
  providers: PaymentProviders;
  webhookDelivery: WebhookDeliverer;
};

/**
 * The provider (the sandbox, or Paystack when configured) and the agent plan services. `send`
 * delivers the sandbox's webhooks: through the app's own HTTP handling in the web process, over
 * HTTP to PUBLIC_URL in a worker.
 */
export function createBillingRuntime(deps: {
  config: Config;
  repos: Pick<Repositories, 'agentPlans' | 'sandboxPayments'>;
  clock: Clock;
  log: PaymentsLog;
  send(delivery: WebhookDelivery): Promise<number>;
}): BillingRuntime {
  const webhookDelivery = createWebhookDeliverer({ send: deps.send, log: deps.log });
  const providers = createPaymentProviders(deps.config, {
    sandboxRepository: deps.repos.sandboxPayments,
    clock: deps.clock,
    deliverer: webhookDelivery,
  });
  const services = createAgentPlanServices({
    repos: deps.repos,
    provider: providers.active,
    clock: deps.clock,
    log: deps.log,
    callbackUrl: `${deps.config.publicUrl}${routes.pricing}`,
  });
  return { ...services, providers, webhookDelivery };
}

/** Fan payments: checkout, settlement, subscriptions, wallet, earnings, transactions, and the job's lifecycle. */
export function createFanPaymentServices(deps: {
  repos: Pick<
    Repositories,
    | 'fanPayments'
    | 'creators'
    | 'blocks'
    | 'posts'
    | 'users'
    | 'transactions'
    | 'purchases'
    | 'tips'
    | 'conversations'
    | 'earnings'
  >;
  /** How a member sees a message (the fan's unlocked message goes live); absent in the worker. */
  messageViewOf?: MessageViewOf | null;
  /** The active payment provider (the sandbox, or Paystack when configured). */
  provider: PaymentProvider;
  /** Provider events about agent-plan payments: the one webhook entry routes them there. */
  agentPlans: WebhookPurpose;
  clock: Clock;
  log: PaymentsLog;
  publicUrl: string;
  feePercent: number;
  holdDays: number;
  outbox: Outbox;
  /** Live notifications (null in the worker, which has no event stream; emails still go). */
  notifications: Pick<NotificationsService, 'notify'> | null;
  /** Live events (a tip's message reaching both sides); null or absent in the worker. */
  events?: Pick<EventsService, 'emit'> | null;
  /** The smallest and largest tip in USD cents (server/config.ts `payments.tips`). */
  tipLimits: { minCents: number; maxCents: number };
  /** Caps new tip checkouts per fan; null in the worker, which starts none. */
  limiter?: Pick<RateLimiter, 'consume'> | null;
  /** Payout transfers' webhooks (`transfer.*`); null where payouts go by hand only. */
  payoutTransfers: TransferEvents | null;
}) {
  const { repos, provider, clock, log } = deps;
  const store = repos.fanPayments;
  const { creators, blocks } = repos;
  const notifier = createFanPaymentNotifier({
    outbox: deps.outbox,
    notifications: deps.notifications,
    users: repos.users,
    publicUrl: deps.publicUrl,
    log,
    events: deps.events ?? null,
    messageViewOf: deps.messageViewOf ?? null,
  });
  const refunds = createFanRefundService({ store, provider, clock, log });
  const settlement = createFanPaymentSettlement({
    store,
    clock,
    feePercent: deps.feePercent,
    creators,
    notifier,
    tips: createTipSettlement({
      events: deps.events ?? null,
      notifications: deps.notifications,
      outbox: deps.outbox,
      users: repos.users,
      publicUrl: deps.publicUrl,
      log,
      present: { message: presentMessage },
    }),
    refund: async (paymentId) => {
      await refunds.send(paymentId);
    },
  });
  const offers = createOffersService({
    store,
    creators,
    blocks,
    providerName: provider.name,
    clock,
  });
  const checkout = createFanCheckoutService({
    store,
    provider,
    settlement,
    creators,
    posts: repos.posts,
    messages: repos.conversations,
    offers,
    blocks,
    clock,
    publicUrl: deps.publicUrl,
    log,
  });
  return {
    settlement,
    refunds,
    checkout,
    offers,
    tips: createTipsService({
      checkout,
      payments: store.payments,
      creators,
      tips: repos.tips,
      limits: deps.tipLimits,
      limiter: deps.limiter ?? null,
    }),
    subscriptions: createFanSubscriptionsService({ store, refunds, creators, blocks, clock, notifier }),
    wallet: createWalletService({
      store,
      creators,
      notifier,
      clock,
      holdDays: deps.holdDays,
      feePercent: deps.feePercent,
    }),
    earnings: createEarningsService({ earnings: repos.earnings, creators, clock }),
    library: createFanPaymentLibrary({
      transactions: repos.transactions,
      payments: store.payments,
      purchases: repos.purchases,
      clock,
    }),
    lifecycle: createFanPaymentLifecycle({
      store,
      provider,
      settlement,
      refunds,
      creators,
      blocks,
      clock,
      log,
    }),
    webhooks: createProviderWebhooks({
      provider,
      purposes: [webhookPurpose(store.payments.findByReference, settlement), deps.agentPlans],
      recordOnly: settlement.recordOnly,
      transfers: deps.payoutTransfers,
      clock,
    }),
  };
}

export type FanPaymentServices = ReturnType<typeof createFanPaymentServices>;
