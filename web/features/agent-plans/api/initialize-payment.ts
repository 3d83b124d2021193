import { useMutation } from '@tanstack/react-query';
import {
  type InitializePaymentInput,
  type InitializePaymentResponse,
  initializePaymentResponseSchema,
} from '#common/schemas/subscriptions.ts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/subscriptions/initialize-payment: where to send the browser to pay. */
export async function initializePayment(input: InitializePaymentInput): Promise<InitializePaymentResponse> {
  return initializePaymentResponseSchema.parse(await api.post('/subscriptions/initialize-payment', input));
}

export function useInitializePayment() {
  return useMutation({ mutationFn: initializePayment });
}
