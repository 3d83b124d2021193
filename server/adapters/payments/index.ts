import type { Config } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SandboxPaymentsRepository } from '../../repositories/billing/fan-payments/sandbox-payments.repository.ts';
import { createPaystackProvider } from './paystack-provider.ts';
import { createPaystackTransfers } from './paystack-transfers.ts';
import type { PaymentProvider } from './provider.ts';
import { createSandboxProvider, type SandboxProvider } from './sandbox/sandbox-provider.ts';
import { createSandboxTransfers, type SandboxTransfers } from './sandbox/sandbox-transfers.ts';
import type { TransferProvider } from './transfers.ts';
import type { WebhookDeliverer } from './webhook-delivery.ts';

export interface PaymentProviders {
  /** The provider new payments go to. */
  active: PaymentProvider;
  /** Set when the embedded sandbox is the active provider (its checkout page is then served). */
  sandbox: SandboxProvider | null;
  /** Where payouts go by transfer; null when PAYOUT_TRANSFERS=false (every payout by hand). */
  transfers: TransferProvider | null;
  /** The sandbox's simulated transfers, when they are the transfer provider (closed at shutdown). */
  sandboxTransfers: SandboxTransfers | null;
}

/** Paystack when PAYSTACK_SECRET_KEY is set; otherwise the built-in sandbox (docs/decisions/0008-payments.md). */
export function createPaymentProviders(
  config: Pick<Config, 'payments' | 'appSecret' | 'publicUrl'>,
  deps: { sandboxRepository: SandboxPaymentsRepository; clock: Clock; deliverer: WebhookDeliverer },
): PaymentProviders {
  const { paystackSecretKey, paystackBaseUrl, payouts } = config.payments;
  if (paystackSecretKey) {
    const settings = { secretKey: paystackSecretKey, baseUrl: paystackBaseUrl };
    return {
      active: createPaystackProvider(settings),
      sandbox: null,
      transfers: payouts.transfers ? createPaystackTransfers(settings) : null,
      sandboxTransfers: null,
    };
  }
  const sandboxTransfers = payouts.transfers
    ? createSandboxTransfers({
        clock: deps.clock,
        appSecret: config.appSecret,
        deliverer: deps.deliverer,
        settleAfterMs: payouts.sandboxSettleMs,
      })
    : null;
  const sandbox = createSandboxProvider({
    repository: deps.sandboxRepository,
    clock: deps.clock,
    appSecret: config.appSecret,
    publicUrl: config.publicUrl,
    deliverer: deps.deliverer,
  });
  return { active: sandbox, sandbox, transfers: sandboxTransfers, sandboxTransfers };
}
