import type { CheckoutResponse } from '#common/schemas/fan-payments.ts';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/messages/:id/unlock: opens (or answers the open) checkout for a pay-per-view message.
 * The provider brings the browser back to the conversation, where the payment is verified.
 */
export async function unlockMessage(messageId: string): Promise<CheckoutResponse> {
  return (await api.post(`/messages/${encodeURIComponent(messageId)}/unlock`, {})) as CheckoutResponse;
}
