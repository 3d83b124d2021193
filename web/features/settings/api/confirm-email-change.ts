import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ConfirmEmailChangeInput,
  type EmailChangeResult,
  type EmailChangeStatus,
  emailChangeResultSchema,
} from '#common/schemas/safety.ts';
import { api } from '../../../lib/api-client.ts';
import { getSession, setSession } from '../../../lib/session.ts';
import { emailChangeKey } from './get-email-change.ts';

/** POST /api/me/email/confirm: the code from the new mailbox makes the change. */
export async function confirmEmailChange(input: ConfirmEmailChangeInput): Promise<EmailChangeResult> {
  return emailChangeResultSchema.parse(await api.post('/me/email/confirm', input));
}

export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    onSuccess: ({ email, pending }) => {
      queryClient.setQueryData<EmailChangeStatus>(emailChangeKey, { email, pending });
      // The stored user says the new address at once (the menu, Personal Info, the support form).
      const session = getSession();
      if (session) setSession({ token: session.token, user: { ...session.user, email } });
      return queryClient.invalidateQueries({ queryKey: ['auth', 'profile'] });
    },
  });
}
