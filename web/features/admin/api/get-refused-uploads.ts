import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { type RefusedUpload, refusedUploadPageSchema } from '#common/schemas/block-list.ts';
import { api } from '../../../lib/api-client.ts';
import { BLOCK_LIST_PAGE_SIZE, blockListKey } from './get-block-list.ts';

/** GET /api/admin/block-list/refusals: uploads refused for matching the block list, newest first. */
export async function getRefusedUploads(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<{ items: RefusedUpload[]; nextCursor: string | null }> {
  const body = await api.get('/admin/block-list/refusals', {
    query: { limit: BLOCK_LIST_PAGE_SIZE, cursor: cursor ?? undefined },
    signal,
  });
  return refusedUploadPageSchema.parse(body);
}

export function refusedUploadsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...blockListKey, 'refusals'],
    queryFn: ({ pageParam, signal }) => getRefusedUploads(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useRefusedUploads() {
  return useInfiniteQuery(refusedUploadsQueryOptions());
}
