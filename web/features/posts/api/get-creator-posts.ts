import { useInfiniteQuery } from '@tanstack/react-query';
import type { PostList, PostType } from '#common/schemas/posts.ts';
import { getPostPage, postPagesOptions } from './post-pages.ts';

/** Cards for the Posts tab; tiles for the Media tab, three to a row. */
export const CREATOR_POSTS_PAGE_SIZE = { all: 10, photos: 24, videos: 24 } as const;

/** GET /api/creators/:handle/posts?type=: newest first; photos or videos for the Media tab. */
export function getCreatorPosts(
  handle: string,
  type: PostType,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<PostList> {
  return getPostPage(
    `/creators/${encodeURIComponent(handle)}/posts`,
    { type, limit: CREATOR_POSTS_PAGE_SIZE[type], cursor },
    signal,
  );
}

/** Keyed by viewer too: what is locked depends on who asks. */
export function creatorPostsQueryOptions(handle: string, type: PostType, userId: string | null) {
  return postPagesOptions(['posts', 'creator', handle, type, userId], (cursor, signal) =>
    getCreatorPosts(handle, type, cursor, signal),
  );
}

export function useCreatorPosts(handle: string, type: PostType, userId: string | null) {
  return useInfiniteQuery(creatorPostsQueryOptions(handle, type, userId));
}
