import { routes } from '../../../common/routes.ts';
import { createPaymentProviders, type PaymentProviders } from '../../adapters/payments/index.ts';
import {
  createWebhookDeliverer,
  type WebhookDeliverer,
  type WebhookDelivery,
} from '../../adapters/payments/webhook-delivery.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { createPaymentsStore } from '../../repositories/payments-store.ts';
import { createSandboxPaymentsRepository } from '../../repositories/sandbox-payments.repository.ts';
import { createPaymentServices, type PaymentServices } from './index.ts';

export type PaymentsRuntime = PaymentServices & {
  providers: PaymentProviders;
  webhookDelivery: WebhookDeliverer;
};

/**
 * The payment services as the web process and the worker both need them. `send` delivers the
 * sandbox's webhooks: through the app's own HTTP handling in the web process, over HTTP to
 * PUBLIC_URL in a worker.
 */
export function createPaymentsRuntime(deps: {
  config: Config;
  db: Database;
  clock: Clock;
  log: {
    info(details: object, message: string): void;
    warn(details: object, message: string): void;
    error(details: object, message: string): void;
  };
  send(delivery: WebhookDelivery): Promise<number>;
}): PaymentsRuntime {
  const webhookDelivery = createWebhookDeliverer({ send: deps.send, log: deps.log });
  const providers = createPaymentProviders(deps.config, {
    sandboxRepository: createSandboxPaymentsRepository(deps.db),
    clock: deps.clock,
    deliverer: webhookDelivery,
  });
  const services = createPaymentServices({
    store: createPaymentsStore(deps.db),
    provider: providers.active,
    clock: deps.clock,
    log: deps.log,
    callbackUrl: `${deps.config.publicUrl}${routes.pricing}`,
  });
  return { ...services, providers, webhookDelivery };
}
