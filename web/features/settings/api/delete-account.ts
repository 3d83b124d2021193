import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { messageResponseSchema } from '#common/schemas/auth.ts';
import type { deleteAccountSchema } from '#common/schemas/safety.ts';
import { api } from '../../../lib/api-client.ts';

export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

/** POST /api/me/delete: erases the account and its content; every session ends with it. */
export async function deleteAccount(input: DeleteAccountInput): Promise<string> {
  return messageResponseSchema.parse(await api.post('/me/delete', input)).message;
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
