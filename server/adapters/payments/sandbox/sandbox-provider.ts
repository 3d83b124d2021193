import { createHmac, randomBytes, randomInt } from 'node:crypto';
import type { Clock } from '../../../lib/clock.ts';
import type {
  SandboxPaymentsRepository,
  SandboxTransactionRecord,
} from '../../../repositories/billing/fan-payments/sandbox-payments.repository.ts';
import { paystackTransactionSchema, toProviderEvent, toProviderTransaction } from '../paystack-format.ts';
import {
  type PaymentProvider,
  PaymentProviderError,
  type ProviderEvent,
  type ProviderTransaction,
  WebhookSignatureError,
} from '../provider.ts';
import { assertSignature, parseJsonBody, signBody } from '../signature.ts';
import type { WebhookDeliverer, WebhookDelivery } from '../webhook-delivery.ts';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
export const SANDBOX_WEBHOOK_PATH = '/api/payments/webhook/sandbox';
export const sandboxCheckoutPath = (reference: string) =>
  `/api/payments/sandbox/checkout/${encodeURIComponent(reference)}`;

/** The sandbox's webhook secret: derived from APP_SECRET, so nothing extra is configured or stored. */
export function sandboxWebhookSecret(appSecret: string): string {
  return createHmac('sha256', appSecret).update('fanplace:sandbox-webhook').digest('hex');
}

/** A webhook body signed as the sandbox signs them, addressed to its webhook entry. */
export function sandboxDelivery(secret: string, rawBody: string): WebhookDelivery {
  return {
    path: SANDBOX_WEBHOOK_PATH,
    rawBody,
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signBody(secret, rawBody) },
  };
}

/** The sandbox's webhook check (card payments and transfers): signature on the raw bytes, then the event. */
export function parseSandboxWebhook(
  secret: string,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
): ProviderEvent {
  assertSignature(secret, rawBody, headers[SANDBOX_SIGNATURE_HEADER]);
  const event = toProviderEvent(parseJsonBody(rawBody), rawBody);
  if (event.type === 'other' && event.name === 'unknown') throw new WebhookSignatureError('not an event');
  return event;
}

export type CheckoutAction = 'pay' | 'decline' | 'cancel';

export interface SandboxCheckout {
  reference: string;
  amount: number;
  currency: string;
  email: string;
  description: string;
  status: SandboxTransactionRecord['status'];
}

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** What the local checkout page shows; null for an unknown reference. */
  checkout(reference: string): Promise<SandboxCheckout | null>;
  /**
   * The buyer's choice on the checkout page. Returns where to send the browser (the callback URL
   * with `?reference=`), and on Pay also sends the signed `charge.success` webhook.
   */
  complete(
    reference: string,
    action: CheckoutAction,
    options: { failRenewals: boolean },
  ): Promise<string | null>;
  /** The signed `charge.success` webhook of a paid transaction, as it was (or would be) delivered. */
  webhookFor(reference: string): Promise<WebhookDelivery | null>;
}

export interface SandboxDependencies {
  repository: SandboxPaymentsRepository;
  clock: Clock;
  appSecret: string;
  publicUrl: string;
  deliverer: WebhookDeliverer;
}

const TEST_CARD = { brand: 'visa', last4: '4081' } as const;
const TEST_CARD_FAILING = { brand: 'visa', last4: '0002' } as const;

/**
 * The embedded payment provider: a local checkout page in test mode, its own books in
 * `sandbox_*` tables, and Paystack-shaped answers and webhooks, so every code path above it is the
 * one a real provider drives.
 */
export function createSandboxProvider(deps: SandboxDependencies): SandboxProvider {
  const { repository, clock } = deps;
  const secret = sandboxWebhookSecret(deps.appSecret);
  const origin = new URL(deps.publicUrl).origin;

  async function toPaystackShape(tx: SandboxTransactionRecord) {
    const auth = tx.authorizationCode ? await repository.findAuthorization(tx.authorizationCode) : null;
    return {
      id: tx.providerId,
      status: tx.status,
      reference: tx.reference,
      amount: tx.amount,
      currency: tx.currency,
      paid_at: tx.paidAt?.toISOString() ?? null,
      gateway_response: {
        success: 'Approved',
        failed: 'Declined',
        abandoned: 'The transaction was not completed',
        pending: 'Awaiting payment',
      }[tx.status],
      authorization: auth
        ? { authorization_code: auth.code, reusable: true, brand: auth.brand, last4: auth.last4 }
        : null,
      customer: { customer_code: tx.customerCode, email: tx.email },
      metadata: tx.metadata,
    };
  }

  async function readTransaction(tx: SandboxTransactionRecord): Promise<ProviderTransaction> {
    return toProviderTransaction(paystackTransactionSchema.parse(await toPaystackShape(tx)));
  }

  async function signedChargeSuccess(tx: SandboxTransactionRecord): Promise<WebhookDelivery> {
    return sandboxDelivery(
      secret,
      JSON.stringify({ event: 'charge.success', data: await toPaystackShape(tx) }),
    );
  }

  /** Our own callback URL becomes a path, so the redirect works on whatever host the browser used. */
  function returnUrl(tx: SandboxTransactionRecord): string | null {
    if (!tx.callbackUrl) return null;
    const url = new URL(tx.callbackUrl);
    url.searchParams.set('trxref', tx.reference);
    url.searchParams.set('reference', tx.reference);
    return url.origin === origin ? `${url.pathname}${url.search}` : url.toString();
  }

  const providerId = () => String(randomInt(100_000_000, 999_999_999));
  const code = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;

  return {
    name: 'sandbox',

    async initialize(input) {
      const inserted = await repository.insertTransaction({
        reference: input.reference,
        providerId: providerId(),
        email: input.email,
        amount: input.amount.amount,
        currency: input.amount.currency,
        description: input.description,
        callbackUrl: input.callbackUrl,
        metadata: input.metadata,
        createdAt: clock.now(),
      });
      if (!inserted) throw new PaymentProviderError('Duplicate Transaction Reference');
      // Root-relative: the checkout is on our own origin, whatever host name the browser used.
      return { authorizationUrl: sandboxCheckoutPath(input.reference), reference: input.reference };
    },

    async verify(reference) {
      const tx = await repository.findTransaction(reference);
      return tx ? readTransaction(tx) : null;
    },

    async chargeAuthorization(input) {
      const existing = await repository.findTransaction(input.reference);
      if (existing) return readTransaction(existing);
      const auth = await repository.findAuthorization(input.authorizationCode);
      if (!auth) throw new PaymentProviderError('Authorization code not found');
      const approved = auth.active && !auth.failCharges;
      const now = clock.now();
      await repository.insertTransaction({
        reference: input.reference,
        providerId: providerId(),
        email: input.email,
        amount: input.amount.amount,
        currency: input.amount.currency,
        description: 'Recurring charge',
        callbackUrl: null,
        metadata: input.metadata,
        status: approved ? 'success' : 'failed',
        authorizationCode: auth.code,
        customerCode: auth.customerCode,
        paidAt: approved ? now : null,
        createdAt: now,
      });
      const tx = await repository.findTransaction(input.reference);
      if (!tx) throw new PaymentProviderError('sandbox transaction vanished');
      if (approved) deps.deliverer.deliver(await signedChargeSuccess(tx));
      return readTransaction(tx);
    },

    async refund({ reference, amount }) {
      const tx = await repository.findTransaction(reference);
      if (tx?.status !== 'success') throw new PaymentProviderError('Transaction not found or not successful');
      if (!(await repository.addRefund(reference, amount ?? tx.amount - tx.refundedAmount))) {
        throw new PaymentProviderError('Transaction has been fully reversed');
      }
      return { status: 'processed' };
    },

    async deactivateAuthorization(authorizationCode) {
      await repository.deactivateAuthorization(authorizationCode);
    },

    parseWebhook(rawBody, headers) {
      return parseSandboxWebhook(secret, rawBody, headers);
    },

    async checkout(reference) {
      const tx = await repository.findTransaction(reference);
      if (!tx || tx.callbackUrl === null) return null;
      return {
        reference: tx.reference,
        amount: tx.amount,
        currency: tx.currency,
        email: tx.email,
        description: tx.description,
        status: tx.status,
      };
    },

    async complete(reference, action, options) {
      const tx = await repository.findTransaction(reference);
      if (!tx || tx.callbackUrl === null) return null;
      if (tx.status !== 'pending') return returnUrl(tx);
      const now = clock.now();
      if (action !== 'pay') {
        const done = await repository.completeTransaction(reference, {
          status: action === 'decline' ? 'failed' : 'abandoned',
          paidAt: null,
          authorizationCode: null,
          customerCode: null,
        });
        return returnUrl(done ?? tx);
      }
      const card = options.failRenewals ? TEST_CARD_FAILING : TEST_CARD;
      const authorizationCode = code('AUTH');
      const customerCode = code('CUS');
      await repository.insertAuthorization({
        code: authorizationCode,
        customerCode,
        email: tx.email,
        brand: card.brand,
        last4: card.last4,
        failCharges: options.failRenewals,
        createdAt: now,
      });
      const paid = await repository.completeTransaction(reference, {
        status: 'success',
        paidAt: now,
        authorizationCode,
        customerCode,
      });
      if (paid) deps.deliverer.deliver(await signedChargeSuccess(paid));
      return returnUrl(paid ?? tx);
    },

    async webhookFor(reference) {
      const tx = await repository.findTransaction(reference);
      return tx && tx.status === 'success' ? signedChargeSuccess(tx) : null;
    },
  };
}
