import { createHash } from 'node:crypto';
import { z } from 'zod';
import { toTransferEvent } from './paystack-transfer-format.ts';
import type { ProviderEvent, ProviderTransaction } from './provider.ts';

/**
 * Paystack's transaction object (verify, charge_authorization and the `charge.success` webhook share
 * it). The sandbox speaks the same format, so one reader serves both drivers.
 */
export const paystackTransactionSchema = z.object({
  id: z.union([z.number(), z.string()]),
  status: z.string(),
  reference: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  paid_at: z.string().nullish(),
  paidAt: z.string().nullish(),
  gateway_response: z.string().nullish(),
  authorization: z
    .object({
      authorization_code: z.string().optional(),
      reusable: z.boolean().optional(),
      brand: z.string().nullish(),
      card_type: z.string().nullish(),
      last4: z.string().nullish(),
    })
    .nullish(),
  customer: z.object({ customer_code: z.string().nullish(), email: z.string().nullish() }).nullish(),
});

export type PaystackTransaction = z.infer<typeof paystackTransactionSchema>;

const statusOf = (status: string): ProviderTransaction['status'] => {
  if (status === 'success' || status === 'failed' || status === 'abandoned' || status === 'reversed')
    return status;
  return 'pending';
};

export function toProviderTransaction(data: PaystackTransaction): ProviderTransaction {
  const auth = data.authorization;
  const paidAt = data.paid_at ?? data.paidAt ?? null;
  return {
    reference: data.reference,
    status: statusOf(data.status),
    amount: data.amount,
    currency: data.currency,
    paidAt: paidAt ? new Date(paidAt) : null,
    providerTransactionId: String(data.id),
    authorization: auth?.authorization_code
      ? {
          code: auth.authorization_code,
          reusable: auth.reusable ?? false,
          brand: (auth.brand ?? auth.card_type ?? 'card').trim() || 'card',
          last4: auth.last4 ?? '',
        }
      : null,
    customerCode: data.customer?.customer_code ?? null,
    message: data.gateway_response ?? data.status,
  };
}

const eventSchema = z.object({ event: z.string(), data: z.record(z.string(), z.unknown()).nullish() });

/** A verified webhook body (`{event, data}`) in provider-neutral words. */
export function toProviderEvent(body: Record<string, unknown>, rawBody: Buffer): ProviderEvent {
  const parsed = eventSchema.safeParse(body);
  if (!parsed.success) {
    const digest = createHash('sha256').update(rawBody).digest('hex');
    return { key: `unknown:${digest}`, type: 'other', name: 'unknown', reference: null, payload: body };
  }
  const { event, data } = parsed.data;
  const reference = typeof data?.reference === 'string' ? data.reference : null;
  const id = data?.id === undefined ? null : String(data.id);
  const key = `${event}:${id ?? reference ?? 'none'}`;
  if (event === 'charge.success') {
    const transaction = paystackTransactionSchema.safeParse(data);
    if (transaction.success) {
      return {
        key,
        type: 'charge.success',
        reference: transaction.data.reference,
        transaction: toProviderTransaction(transaction.data),
        payload: body,
      };
    }
  }
  return toTransferEvent(event, data, body) ?? { key, type: 'other', name: event, reference, payload: body };
}
