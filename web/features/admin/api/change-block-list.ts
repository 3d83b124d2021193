import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type AddBlockListEntryInput,
  type BlockListEntry,
  blockListEntrySchema,
} from '#common/schemas/block-list.ts';
import { api } from '../../../lib/api-client.ts';
import { blockListKey } from './get-block-list.ts';

/** POST /api/admin/block-list: a PDQ hash of known abusive material, with a note. */
export async function addBlockListEntry(input: AddBlockListEntryInput): Promise<BlockListEntry> {
  return blockListEntrySchema.parse(await api.post('/admin/block-list', input));
}

/** DELETE /api/admin/block-list/:id: uploads that matched it are accepted again. */
export async function removeBlockListEntry(id: string): Promise<void> {
  await api.delete(`/admin/block-list/${encodeURIComponent(id)}`);
}

export function useAddBlockListEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addBlockListEntry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blockListKey }),
  });
}

export function useRemoveBlockListEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeBlockListEntry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blockListKey }),
  });
}
