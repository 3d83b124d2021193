import { useInfiniteQuery } from '@tanstack/react-query';
import type { PostList } from '#common/schemas/posts.ts';
import { getPostPage, postPagesOptions } from './post-pages.ts';

export const PURCHASES_PAGE_SIZE = 10;

/** GET /api/me/purchases: the posts the viewer unlocked, most recent purchase first. */
export function getPurchasedPosts(cursor: string | null, signal?: AbortSignal): Promise<PostList> {
  return getPostPage('/me/purchases', { limit: PURCHASES_PAGE_SIZE, cursor }, signal);
}

/** A post list like the others (signed media links refreshed before they expire), under `posts`. */
export function purchasedPostsQueryOptions(userId: string) {
  return postPagesOptions(['posts', 'purchased', userId], getPurchasedPosts);
}

export function usePurchasedPosts(userId: string) {
  return useInfiniteQuery(purchasedPostsQueryOptions(userId));
}
