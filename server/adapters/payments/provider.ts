import type { Money } from '../../../common/plans.ts';
import type { ProviderTransfer } from './transfers.ts';

export type ProviderName = 'sandbox' | 'paystack';

/** What a provider says about one transaction; the only thing that may give value. */
export interface ProviderTransaction {
  reference: string;
  status: 'success' | 'failed' | 'abandoned' | 'pending' | 'reversed';
  amount: number;
  currency: string;
  paidAt: Date | null;
  providerTransactionId: string;
  /** A reusable card authorization renewals can charge. */
  authorization: { code: string; reusable: boolean; brand: string; last4: string } | null;
  customerCode: string | null;
  /** The provider's own words about the outcome (e.g. 'Declined'). */
  message: string;
}

export interface InitializeInput {
  reference: string;
  email: string;
  amount: Money;
  callbackUrl: string;
  /** Shown on the checkout page: what is being paid for. */
  description: string;
  metadata: Record<string, string>;
}

export interface ChargeAuthorizationInput {
  reference: string;
  authorizationCode: string;
  email: string;
  amount: Money;
  metadata: Record<string, string>;
}

/** A verified webhook event, in the provider-neutral words the services use. */
export type ProviderEvent =
  | {
      key: string;
      type: 'charge.success';
      reference: string;
      transaction: ProviderTransaction;
      payload: unknown;
    }
  | {
      /** `event:reference`: one key per outcome of a transfer, however often it is delivered. */
      key: string;
      type: TransferEventName;
      /** The same word as `type`, like an `other` event's, so code reading `name` keeps working. */
      name: TransferEventName;
      reference: string;
      transfer: ProviderTransfer;
      payload: unknown;
    }
  | { key: string; type: 'other'; name: string; reference: string | null; payload: unknown };

/** The outcome of a payout transfer (server/adapters/payments/transfers.ts). */
export const transferEventNames = ['transfer.success', 'transfer.failed', 'transfer.reversed'] as const;
export type TransferEventName = (typeof transferEventNames)[number];

/** A card payment provider (docs/ARCHITECTURE.md, "Billing core"). Amounts are integer minor units. */
export interface PaymentProvider {
  readonly name: ProviderName;
  initialize(input: InitializeInput): Promise<{ authorizationUrl: string; reference: string }>;
  /** Null when the provider does not know the reference. */
  verify(reference: string): Promise<ProviderTransaction | null>;
  /** Recurring payments: charges a saved card authorization (renewals and the first charge after a trial). */
  chargeAuthorization(input: ChargeAuthorizationInput): Promise<ProviderTransaction>;
  /** Refunds a successful transaction, fully unless an amount is given. */
  refund(input: { reference: string; amount?: number }): Promise<{ status: 'pending' | 'processed' }>;
  /** Stops a saved card authorization from being charged again (a plan that ended). */
  deactivateAuthorization(authorizationCode: string): Promise<void>;
  /** Checks the signature on the raw bytes (constant time) and reads the event; throws when it is not genuine. */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): ProviderEvent;
}

/** The webhook did not come from the provider (missing or wrong signature, or unreadable). */
export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

/** The provider refused a call or could not be reached. */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
}
