import { useMutation } from '@tanstack/react-query';
import type { SupportRequestInput } from '#common/schemas/safety.ts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/support: stored as a ticket; a confirmation email goes to the address given. */
export async function sendSupportRequest(input: SupportRequestInput): Promise<void> {
  await api.post('/support', input);
}

export function useSendSupportRequest() {
  return useMutation({ mutationFn: sendSupportRequest });
}
