import { useInfiniteQuery } from '@tanstack/react-query';
import type { PostList } from '#common/schemas/posts.ts';
import { getPostPage, postPagesOptions } from './post-pages.ts';

export const LIKED_PAGE_SIZE = 10;

/** GET /api/me/liked: posts the viewer liked, most recent like first. */
export function getLikedPosts(cursor: string | null, signal?: AbortSignal): Promise<PostList> {
  return getPostPage('/me/liked', { limit: LIKED_PAGE_SIZE, cursor }, signal);
}

export function likedPostsQueryOptions(userId: string) {
  return postPagesOptions(['posts', 'liked', userId], getLikedPosts);
}

export function useLikedPosts(userId: string) {
  return useInfiniteQuery(likedPostsQueryOptions(userId));
}
