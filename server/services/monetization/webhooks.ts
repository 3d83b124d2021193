import { type PaymentProvider, WebhookSignatureError } from '../../adapters/payments/provider.ts';
import { unauthorized } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { FanPaymentsRepository } from '../../repositories/fan-payments.repository.ts';
import type { WebhookHeaders, WebhookService } from '../payments/webhooks.service.ts';
import type { FanSettlementService } from './settlement.service.ts';

/** The reference a dispute event is about (Paystack nests it under `data.transaction`). */
function disputedReference(payload: unknown, fallback: string | null): string | null {
  const data = (payload as { data?: { transaction?: { reference?: unknown }; reference?: unknown } })?.data;
  const nested = data?.transaction?.reference;
  if (typeof nested === 'string') return nested;
  return typeof data?.reference === 'string' ? data.reference : fallback;
}

/**
 * The provider's one webhook endpoint serves both catalogues: events about fan payments (creator
 * subscriptions, unlocks, their renewals and disputes) are settled here, under the same
 * `payment_events` unique key; every other event goes to the agent plans' handler unchanged.
 */
export function createMonetizationWebhooks(deps: {
  provider: PaymentProvider;
  payments: Pick<FanPaymentsRepository, 'findByReference'>;
  settlement: FanSettlementService;
  fallback: WebhookService;
  clock: Clock;
}): WebhookService {
  const { provider } = deps;
  return {
    async receive(providerName: string, rawBody: Buffer, headers: WebhookHeaders): Promise<string> {
      if (providerName !== provider.name) return deps.fallback.receive(providerName, rawBody, headers);
      let event: ReturnType<PaymentProvider['parseWebhook']>;
      try {
        event = provider.parseWebhook(rawBody, headers);
      } catch (error) {
        if (error instanceof WebhookSignatureError) throw unauthorized('Invalid signature');
        throw error;
      }
      const stored = {
        provider: provider.name,
        eventKey: event.key,
        type: event.type === 'other' ? event.name : event.type,
        reference: event.reference,
        payload: event.payload,
        receivedAt: deps.clock.now(),
      };
      if (event.type === 'charge.success') {
        const payment = await deps.payments.findByReference(provider.name, event.reference);
        if (payment) return (await deps.settlement.settle(payment, event.transaction, stored)).note;
      } else if (event.name === 'charge.dispute.create') {
        const reference = disputedReference(event.payload, event.reference);
        const payment = reference ? await deps.payments.findByReference(provider.name, reference) : null;
        if (payment) return (await deps.settlement.chargeback(payment, { ...stored, reference })).note;
      }
      return deps.fallback.receive(providerName, rawBody, headers);
    },
  };
}
