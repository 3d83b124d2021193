import { useInfiniteQuery } from '@tanstack/react-query';
import type { PostList } from '#common/schemas/posts.ts';
import { getPostPage, postPagesOptions } from '../../posts/index.ts';
import { fanPaymentKeys } from './keys.ts';

export const PURCHASES_PAGE_SIZE = 10;

/** GET /api/me/purchases: the posts the viewer unlocked, most recent purchase first. */
export function getPurchases(cursor: string | null, signal?: AbortSignal): Promise<PostList> {
  return getPostPage('/me/purchases', { limit: PURCHASES_PAGE_SIZE, cursor }, signal);
}

/** A post list like the others (signed media links refreshed before they expire). */
export function purchasesQueryOptions(userId: string) {
  return postPagesOptions(fanPaymentKeys.purchases(userId), getPurchases);
}

export function usePurchases(userId: string) {
  return useInfiniteQuery(purchasesQueryOptions(userId));
}
