import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { type BlockListEntry, blockListPageSchema } from '#common/schemas/block-list.ts';
import { api } from '../../../lib/api-client.ts';

export const BLOCK_LIST_PAGE_SIZE = 20;
export const blockListKey = ['admin', 'block-list'] as const;

/** GET /api/admin/block-list (newest first; 403 for anyone but an admin). */
export async function getBlockList(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<{ items: BlockListEntry[]; nextCursor: string | null }> {
  const body = await api.get('/admin/block-list', {
    query: { limit: BLOCK_LIST_PAGE_SIZE, cursor: cursor ?? undefined },
    signal,
  });
  return blockListPageSchema.parse(body);
}

export function blockListQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...blockListKey, 'entries'],
    queryFn: ({ pageParam, signal }) => getBlockList(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useBlockList() {
  return useInfiniteQuery(blockListQueryOptions());
}
