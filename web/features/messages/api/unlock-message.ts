import type { PaymentStarted, PayWith } from '#common/schemas/fan-payments.ts';
import { paymentStartedSchema } from '#common/schemas/fan-payments.ts';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/messages/:id/unlock: opens (or answers the open) checkout for a pay-per-view message,
 * or with `saved_card` charges the saved card at once. The provider brings the browser back to the
 * conversation, where the payment is verified.
 */
export async function unlockMessage(
  messageId: string,
  payWith: PayWith = 'checkout',
): Promise<PaymentStarted> {
  const body = await api.post(`/messages/${encodeURIComponent(messageId)}/unlock`, { payWith });
  return paymentStartedSchema.parse(body);
}
