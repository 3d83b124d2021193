import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type VaultFolder,
  type VaultPage,
  vaultFolderListSchema,
  vaultFolderSchema,
  vaultPageSchema,
} from '#common/schemas/vault.ts';
import { api } from '../../../lib/api-client.ts';

export interface VaultFilters {
  kind?: 'image' | 'video';
  from?: string;
  to?: string;
  /** A folder id, or 'none' for items in no folder. */
  folder?: string;
}

const VAULT_KEY = ['vault'] as const;
const PAGE = 30;

/** GET /api/vault: the creator's uploads for posts, newest first. */
export async function getVaultPage(
  filters: VaultFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<VaultPage> {
  return vaultPageSchema.parse(
    await api.get('/vault', { query: { ...filters, limit: PAGE, cursor: cursor ?? undefined }, signal }),
  );
}

export function useVault(filters: VaultFilters) {
  return useInfiniteQuery({
    queryKey: [...VAULT_KEY, 'items', filters],
    queryFn: ({ pageParam, signal }) => getVaultPage(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useVaultFolders() {
  return useQuery({
    queryKey: [...VAULT_KEY, 'folders'],
    queryFn: async ({ signal }): Promise<VaultFolder[]> =>
      vaultFolderListSchema.parse(await api.get('/vault/folders', { signal })).items,
  });
}

/** Every change to the vault refreshes its lists (and the folder counts). */
function useVaultMutation<Input, Output>(run: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: VAULT_KEY }),
  });
}

export const useCreateFolder = () =>
  useVaultMutation(async (name: string) =>
    vaultFolderSchema.parse(await api.post('/vault/folders', { name })),
  );
export const useRenameFolder = () =>
  useVaultMutation(async ({ id, name }: { id: string; name: string }) =>
    vaultFolderSchema.parse(await api.patch(`/vault/folders/${encodeURIComponent(id)}`, { name })),
  );
export const useDeleteFolder = () =>
  useVaultMutation(async (id: string) => {
    await api.delete(`/vault/folders/${encodeURIComponent(id)}`);
  });
export const useMoveItem = () =>
  useVaultMutation(async ({ id, folderId }: { id: string; folderId: string | null }) => {
    await api.put(`/vault/items/${encodeURIComponent(id)}/folder`, { folderId });
  });
export const useDeleteItem = () =>
  useVaultMutation(async (id: string) => {
    await api.delete(`/vault/items/${encodeURIComponent(id)}`);
  });
