import { type PaymentProvider, WebhookSignatureError } from '../../adapters/payments/provider.ts';
import { notFound, unauthorized } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PaymentsStore } from '../../repositories/payments-store.ts';
import type { SettlementService } from './settlement.service.ts';

export type WebhookHeaders = Record<string, string | string[] | undefined>;

/**
 * A provider's webhook: the signature is checked on the raw bytes, then the event is stored under its
 * unique key in the same transaction as its effect. Handling is database work only, so the answer
 * is fast; a redelivery is stored nowhere and changes nothing.
 */
export function createWebhookService(deps: {
  store: PaymentsStore;
  provider: PaymentProvider;
  settlement: SettlementService;
  clock: Clock;
}) {
  const { store, provider, settlement, clock } = deps;

  return {
    async receive(providerName: string, rawBody: Buffer, headers: WebhookHeaders): Promise<string> {
      if (providerName !== provider.name) throw notFound();
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
        receivedAt: clock.now(),
      };
      if (event.type === 'charge.success') {
        const payment = await store.payments.findByReference(provider.name, event.reference);
        if (payment) return (await settlement.settle(payment, event.transaction, stored)).note;
        return settlement.recordOnly(stored, 'unknown reference');
      }
      return settlement.recordOnly(stored, 'not handled');
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
