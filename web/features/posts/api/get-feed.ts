import { useInfiniteQuery } from '@tanstack/react-query';
import type { PostList } from '#common/schemas/posts.ts';
import { getPostPage, postPagesOptions } from './post-pages.ts';

export const FEED_PAGE_SIZE = 10;

/** GET /api/feed: the latest posts of the creators the viewer follows. */
export function getFeed(cursor: string | null, signal?: AbortSignal): Promise<PostList> {
  return getPostPage('/feed', { limit: FEED_PAGE_SIZE, cursor }, signal);
}

export function feedQueryOptions(userId: string) {
  return postPagesOptions(['posts', 'feed', userId], getFeed);
}

export function useFeed(userId: string) {
  return useInfiniteQuery(feedQueryOptions(userId));
}
