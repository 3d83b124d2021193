import type { Outbox } from '../../adapters/mail/index.ts';
import type { PaymentProvider } from '../../adapters/payments/provider.ts';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { createBlocksRepository } from '../../repositories/blocks.repository.ts';
import { createCreatorsRepository } from '../../repositories/creators.repository.ts';
import { createMonetizationStore } from '../../repositories/monetization-store.ts';
import { createPostsRepository } from '../../repositories/posts.repository.ts';
import { createPurchasesRepository } from '../../repositories/purchases.repository.ts';
import { createTransactionsRepository } from '../../repositories/transactions.repository.ts';
import { createUsersRepository } from '../../repositories/users.repository.ts';
import type { PaymentsLog } from '../payments/refunds.service.ts';
import type { WebhookService } from '../payments/webhooks.service.ts';
import type { PresentPosts } from '../posts/post-views.ts';
import type { NotificationsService } from '../realtime/notifications.service.ts';
import { createFanCheckoutService } from './checkout.service.ts';
import { createMonetizationLibrary } from './library.service.ts';
import { createMonetizationLifecycle } from './lifecycle.service.ts';
import { createMonetizationNotifier } from './notifier.ts';
import { createFanRefundService } from './refunds.service.ts';
import { createFanSettlementService } from './settlement.service.ts';
import { createFanSubscriptionsService } from './subscriptions.service.ts';
import { createWalletService } from './wallet.service.ts';
import { createMonetizationWebhooks } from './webhooks.ts';

export interface MonetizationDependencies {
  db: Database;
  /** The active payment provider (the sandbox, or Paystack when configured). */
  provider: PaymentProvider;
  /** The agent plans' webhook handler: events that are not about fan payments go there. */
  fallbackWebhooks: WebhookService;
  clock: Clock;
  log: PaymentsLog;
  publicUrl: string;
  feePercent: number;
  holdDays: number;
  outbox: Outbox;
  /** Live notifications (null in the worker, which has no event stream; emails still go). */
  notifications: Pick<NotificationsService, 'notify'> | null;
  /** Presents posts for a viewer (the Purchased tab); the web process passes it. */
  present?: PresentPosts;
}

/** Fan monetization: checkout, settlement, subscriptions, wallet, transactions, and the job's lifecycle. */
export function createMonetizationServices(deps: MonetizationDependencies) {
  const { db, provider, clock, log } = deps;
  const store = createMonetizationStore(db);
  const creators = createCreatorsRepository(db);
  const blocks = createBlocksRepository(db);
  const notifier = createMonetizationNotifier({
    outbox: deps.outbox,
    notifications: deps.notifications,
    users: createUsersRepository(db),
    publicUrl: deps.publicUrl,
    log,
  });
  const refunds = createFanRefundService({ store, provider, clock, log });
  const settlement = createFanSettlementService({
    store,
    clock,
    feePercent: deps.feePercent,
    creators,
    notifier,
    refund: async (paymentId) => {
      await refunds.send(paymentId);
    },
  });
  const present = deps.present;
  return {
    settlement,
    refunds,
    checkout: createFanCheckoutService({
      store,
      provider,
      settlement,
      creators,
      posts: createPostsRepository(db),
      blocks,
      clock,
      publicUrl: deps.publicUrl,
      log,
    }),
    subscriptions: createFanSubscriptionsService({ store, refunds, creators, blocks, clock }),
    wallet: createWalletService({
      store,
      creators,
      notifier,
      clock,
      holdDays: deps.holdDays,
      feePercent: deps.feePercent,
    }),
    library: present
      ? createMonetizationLibrary({
          transactions: createTransactionsRepository(db),
          payments: store.payments,
          purchases: createPurchasesRepository(db),
          present,
          clock,
        })
      : null,
    lifecycle: createMonetizationLifecycle({
      store,
      provider,
      settlement,
      refunds,
      creators,
      blocks,
      clock,
      log,
    }),
    webhooks: createMonetizationWebhooks({
      provider,
      payments: store.payments,
      settlement,
      fallback: deps.fallbackWebhooks,
      clock,
    }),
  };
}

export type MonetizationServices = ReturnType<typeof createMonetizationServices>;
