import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ChangeEmailInput,
  type EmailChangeResult,
  type EmailChangeStatus,
  emailChangeResultSchema,
} from '#common/schemas/safety.ts';
import { api } from '../../../lib/api-client.ts';
import { emailChangeKey } from './get-email-change.ts';

/** POST /api/me/email: checks the current password and mails a code to the new address; nothing changes yet. */
export async function requestEmailChange(input: ChangeEmailInput): Promise<EmailChangeResult> {
  return emailChangeResultSchema.parse(await api.post('/me/email', input));
}

export function useRequestEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestEmailChange,
    onSuccess: ({ email, pending }) =>
      queryClient.setQueryData<EmailChangeStatus>(emailChangeKey, { email, pending }),
  });
}
