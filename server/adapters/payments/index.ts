import type { Config } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SandboxPaymentsRepository } from '../../repositories/sandbox-payments.repository.ts';
import { createPaystackProvider } from './paystack-provider.ts';
import type { PaymentProvider } from './provider.ts';
import { createSandboxProvider, type SandboxProvider } from './sandbox/sandbox-provider.ts';
import type { WebhookDeliverer } from './webhook-delivery.ts';

export interface PaymentProviders {
  /** The provider new payments go to. */
  active: PaymentProvider;
  /** Set when the embedded sandbox is the active provider (its checkout page is then served). */
  sandbox: SandboxProvider | null;
}

/** Paystack when PAYSTACK_SECRET_KEY is set; otherwise the built-in sandbox (docs/decisions/0008-payments.md). */
export function createPaymentProviders(
  config: Pick<Config, 'payments' | 'appSecret' | 'publicUrl'>,
  deps: { sandboxRepository: SandboxPaymentsRepository; clock: Clock; deliverer: WebhookDeliverer },
): PaymentProviders {
  if (config.payments.paystackSecretKey) {
    return {
      active: createPaystackProvider({
        secretKey: config.payments.paystackSecretKey,
        baseUrl: config.payments.paystackBaseUrl,
      }),
      sandbox: null,
    };
  }
  const sandbox = createSandboxProvider({
    repository: deps.sandboxRepository,
    clock: deps.clock,
    appSecret: config.appSecret,
    publicUrl: config.publicUrl,
    deliverer: deps.deliverer,
  });
  return { active: sandbox, sandbox };
}
