import { useMutation } from '@tanstack/react-query';
import {
  type PaymentStarted,
  paymentStartedSchema,
  type UnlockPostInput,
} from '#common/schemas/fan-payments.ts';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/posts/:id/unlock: a checkout for one pay-per-view post (asking twice answers the same
 * one), or with `payWith: 'saved_card'` the saved card charged at once.
 */
export async function unlockPost(postId: string, input: UnlockPostInput): Promise<PaymentStarted> {
  const body = await api.post(`/posts/${encodeURIComponent(postId)}/unlock`, input);
  return paymentStartedSchema.parse(body);
}

export function useUnlockPost(postId: string) {
  return useMutation({ mutationFn: (input: UnlockPostInput) => unlockPost(postId, input) });
}
