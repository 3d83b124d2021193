import { useInfiniteQuery } from '@tanstack/react-query';
import type { PostList } from '#common/schemas/posts.ts';
import { getPostPage, postPagesOptions } from './post-pages.ts';

export const DISCOVER_PAGE_SIZE = 10;

/** GET /api/discover: ranked posts; with a token, followed creators' posts are lifted. */
export function getDiscover(cursor: string | null, signal?: AbortSignal): Promise<PostList> {
  return getPostPage('/discover', { limit: DISCOVER_PAGE_SIZE, cursor }, signal);
}

/** Keyed by viewer: likes, locks and the followed-first order differ per account. */
export function discoverQueryOptions(userId: string | null) {
  return postPagesOptions(['posts', 'discover', userId], getDiscover);
}

export function useDiscover(userId: string | null) {
  return useInfiniteQuery(discoverQueryOptions(userId));
}
