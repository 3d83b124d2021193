import type { PaymentProvider } from '../../adapters/payments/provider.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PaymentsStore } from '../../repositories/payments-store.ts';
import { createCheckoutService } from './checkout.service.ts';
import { createLifecycleService } from './lifecycle.service.ts';
import { createRefundService, type PaymentsLog } from './refunds.service.ts';
import { createSettlementService } from './settlement.service.ts';
import { createSubscriptionsService } from './subscriptions.service.ts';
import { createWebhookService } from './webhooks.service.ts';

export interface PaymentServicesDependencies {
  store: PaymentsStore;
  provider: PaymentProvider;
  clock: Clock;
  log: PaymentsLog;
  /** Where the provider sends the buyer back: PUBLIC_URL/pricing. */
  callbackUrl: string;
}

/** The payment services, each given only what it uses. */
export function createPaymentServices(deps: PaymentServicesDependencies) {
  const { store, provider, clock, log } = deps;
  const refunds = createRefundService({ store, provider, clock, log });
  const releaseAuthorization = async (code: string) => {
    if (!code) return;
    await provider.deactivateAuthorization(code).catch((error: unknown) => {
      log.warn({ err: error }, 'card authorization could not be deactivated');
    });
  };
  const settlement = createSettlementService({
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
    webhooks: createWebhookService({ store, provider, settlement, clock }),
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

export type PaymentServices = ReturnType<typeof createPaymentServices>;
