import { z } from 'zod';
import { createPaystackCall, type PaystackSettings } from './paystack-client.ts';
import { paystackTransactionSchema, toProviderEvent, toProviderTransaction } from './paystack-format.ts';
import {
  type ChargeAuthorizationInput,
  type InitializeInput,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderTransaction,
} from './provider.ts';
import { assertSignature, parseJsonBody } from './signature.ts';

/** Paystack's REST API (amounts in kobo) and its signed webhooks. */
export function createPaystackProvider(settings: PaystackSettings): PaymentProvider {
  const call = createPaystackCall(settings, (message) => new PaymentProviderError(message));

  async function callOk(method: 'GET' | 'POST', path: string, body?: object): Promise<unknown> {
    const answer = await call(method, path, body);
    if (!answer.ok)
      throw new PaymentProviderError(`Paystack ${method} ${path}: ${answer.status} ${answer.message}`);
    return answer.data;
  }

  function readTransaction(data: unknown, what: string): ProviderTransaction {
    const parsed = paystackTransactionSchema.safeParse(data);
    if (!parsed.success) throw new PaymentProviderError(`Paystack ${what}: unexpected transaction shape`);
    return toProviderTransaction(parsed.data);
  }

  return {
    name: 'paystack',

    async initialize(input: InitializeInput) {
      const data = await callOk('POST', '/transaction/initialize', {
        email: input.email,
        amount: input.amount.amount,
        currency: input.amount.currency,
        reference: input.reference,
        callback_url: input.callbackUrl,
        channels: ['card'],
        metadata: { ...input.metadata, description: input.description },
      });
      const parsed = z.object({ authorization_url: z.url(), reference: z.string() }).safeParse(data);
      if (!parsed.success) throw new PaymentProviderError('Paystack initialize: unexpected answer');
      return { authorizationUrl: parsed.data.authorization_url, reference: parsed.data.reference };
    },

    async verify(reference) {
      const answer = await call('GET', `/transaction/verify/${encodeURIComponent(reference)}`);
      if (answer.status === 404 || (answer.status === 400 && /not found/i.test(answer.message))) return null;
      if (!answer.ok) throw new PaymentProviderError(`Paystack verify: ${answer.status} ${answer.message}`);
      return readTransaction(answer.data, 'verify');
    },

    async chargeAuthorization(input: ChargeAuthorizationInput) {
      const answer = await call('POST', '/transaction/charge_authorization', {
        authorization_code: input.authorizationCode,
        email: input.email,
        amount: input.amount.amount,
        currency: input.amount.currency,
        reference: input.reference,
        metadata: input.metadata,
      });
      // A declined card answers with status false and, usually, the failed transaction as data.
      const parsed = paystackTransactionSchema.safeParse(answer.data);
      if (parsed.success) return toProviderTransaction(parsed.data);
      if (!answer.ok) {
        return {
          reference: input.reference,
          status: 'failed',
          amount: input.amount.amount,
          currency: input.amount.currency,
          paidAt: null,
          providerTransactionId: '',
          authorization: null,
          customerCode: null,
          message: answer.message || 'Charge failed',
        };
      }
      throw new PaymentProviderError('Paystack charge_authorization: unexpected answer');
    },

    async refund({ reference, amount }) {
      const data = await callOk('POST', '/refund', { transaction: reference, ...(amount ? { amount } : {}) });
      const status = z.object({ status: z.string() }).safeParse(data);
      return { status: status.success && status.data.status === 'processed' ? 'processed' : 'pending' };
    },

    async deactivateAuthorization(authorizationCode) {
      await callOk('POST', '/customer/deactivate_authorization', { authorization_code: authorizationCode });
    },

    parseWebhook(rawBody, headers) {
      assertSignature(settings.secretKey, rawBody, headers['x-paystack-signature']);
      return toProviderEvent(parseJsonBody(rawBody), rawBody);
    },
  };
}
