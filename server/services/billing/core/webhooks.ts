import {
  type PaymentProvider,
  type ProviderTransaction,
  transferEventNames,
  WebhookSignatureError,
} from '../../../adapters/payments/provider.ts';
import type { ProviderTransfer } from '../../../adapters/payments/transfers.ts';
import { notFound, unauthorized } from '../../../errors.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { NewPaymentEvent } from '../../../repositories/billing/core/payment-events.repository.ts';
import { notConfirmedYet } from './settlement.ts';

export type WebhookHeaders = Record<string, string | string[] | undefined>;

interface Handled {
  note: string;
  /** The payment stays open: the event was not used up (see `Settlement.open`). */
  open: boolean;
}

/** One of our payments, found by its reference, with what its purpose does with provider events. */
export interface ClaimedPayment {
  settle(tx: ProviderTransaction, event: NewPaymentEvent): Promise<Handled>;
  /** The provider took the payment back (only purposes that sell something have it). */
  chargeback?(event: NewPaymentEvent): Promise<Handled>;
}

/** A purpose (agent plans, fan payments): claims the references of its own payments. */
export interface WebhookPurpose {
  claim(provider: PaymentProvider['name'], reference: string): Promise<ClaimedPayment | null>;
}

/** A purpose's claim on provider events: its payments by reference, handled by its settlement. */
export function webhookPurpose<Payment>(
  findByReference: (provider: PaymentProvider['name'], reference: string) => Promise<Payment | null>,
  settlement: {
    settle(payment: Payment, tx: ProviderTransaction, event: NewPaymentEvent): Promise<Handled>;
    chargeback?(payment: Payment, event: NewPaymentEvent): Promise<Handled>;
  },
): WebhookPurpose {
  return {
    async claim(provider, reference) {
      const payment = await findByReference(provider, reference);
      if (payment === null) return null;
      const claimed: ClaimedPayment = { settle: (tx, event) => settlement.settle(payment, tx, event) };
      if (settlement.chargeback) {
        const chargeback = settlement.chargeback.bind(settlement);
        claimed.chargeback = (event) => chargeback(payment, event);
      }
      return claimed;
    },
  };
}

/**
 * Payouts (services/billing/payouts/transfers.service.ts): a `transfer.*` event's outcome, stored
 * once under its `event:reference` key with its effect; an unknown reference changes nothing.
 */
export interface TransferEvents {
  receive(event: NewPaymentEvent, transfer: ProviderTransfer): Promise<string>;
}

/** The reference a dispute event is about (Paystack nests it under `data.transaction`). */
function disputedReference(payload: unknown, fallback: string | null): string | null {
  const data = (payload as { data?: { transaction?: { reference?: unknown }; reference?: unknown } })?.data;
  const nested = data?.transaction?.reference;
  if (typeof nested === 'string') return nested;
  return typeof data?.reference === 'string' ? data.reference : fallback;
}

/**
 * The provider's one webhook entry: the signature is checked once on the raw bytes, then the event
 * goes to the purpose whose payment it is about, stored under its `payment_events` unique key in
 * the same transaction as its effect. A redelivery changes nothing; an event the provider's own
 * books do not back yet (a `charge.success` still pending) is answered 409 and not stored, so the
 * provider sends it again.
 */
export function createProviderWebhooks(deps: {
  provider: PaymentProvider;
  purposes: WebhookPurpose[];
  /** Stores an event that changes nothing (unknown payment, other event types). */
  recordOnly(event: NewPaymentEvent, note: string): Promise<'stored' | 'duplicate'>;
  /** Payout transfers' outcomes; absent where payouts are sent by hand only. */
  transfers?: TransferEvents | null;
  clock: Clock;
}) {
  const { provider } = deps;

  async function claim(reference: string | null): Promise<ClaimedPayment | null> {
    if (!reference) return null;
    for (const purpose of deps.purposes) {
      const claimed = await purpose.claim(provider.name, reference);
      if (claimed) return claimed;
    }
    return null;
  }

  const answer = (handled: Handled): string => {
    if (handled.open) throw notConfirmedYet();
    return handled.note;
  };

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
      const stored: NewPaymentEvent = {
        provider: provider.name,
        eventKey: event.key,
        type: event.type === 'other' ? event.name : event.type,
        reference: event.reference,
        payload: event.payload,
        receivedAt: deps.clock.now(),
      };
      if (event.type === 'charge.success') {
        const payment = await claim(event.reference);
        if (payment) return answer(await payment.settle(event.transaction, stored));
        return deps.recordOnly(stored, 'unknown reference');
      }
      if (event.type !== 'other' && transferEventNames.includes(event.type) && deps.transfers) {
        return deps.transfers.receive(stored, event.transfer);
      }
      if (event.name === 'charge.dispute.create') {
        const reference = disputedReference(event.payload, event.reference);
        const payment = await claim(reference);
        if (payment?.chargeback) return answer(await payment.chargeback({ ...stored, reference }));
      }
      return deps.recordOnly(stored, 'not handled');
    },
  };
}

export type ProviderWebhooks = ReturnType<typeof createProviderWebhooks>;
