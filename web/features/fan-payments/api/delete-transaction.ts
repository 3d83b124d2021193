import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fanPaymentMessages } from '#common/schemas/fan-payments.ts';
import { api } from '../../../lib/api-client.ts';
import { fanPaymentKeys } from './keys.ts';

/** DELETE /api/me/transactions/:id (204): hides the row from the viewer's own list; the ledger is untouched. */
export async function deleteTransaction(id: string): Promise<string> {
  await api.delete(`/me/transactions/${encodeURIComponent(id)}`);
  return fanPaymentMessages.transactionDeleted;
}

export function useDeleteTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTransaction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fanPaymentKeys.transactions }),
  });
}
