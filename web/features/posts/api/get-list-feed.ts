import { useInfiniteQuery } from '@tanstack/react-query';
import type { PostList } from '#common/schemas/posts.ts';
import { getPostPage, postPagesOptions } from './post-pages.ts';

export const LIST_FEED_PAGE_SIZE = 10;

/** GET /api/lists/:id/posts: the latest posts of a list's creators, newest first. */
export function getListFeed(listId: string, cursor: string | null, signal?: AbortSignal): Promise<PostList> {
  return getPostPage(
    `/lists/${encodeURIComponent(listId)}/posts`,
    { limit: LIST_FEED_PAGE_SIZE, cursor },
    signal,
  );
}

export function useListFeed(listId: string) {
  return useInfiniteQuery(
    postPagesOptions(['posts', 'list', listId], (cursor, signal) => getListFeed(listId, cursor, signal)),
  );
}
