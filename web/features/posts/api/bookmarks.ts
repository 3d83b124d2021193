import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostList } from '#common/schemas/posts.ts';
import { api } from '../../../lib/api-client.ts';
import { updateCachedPost } from './post-cache.ts';
import { getPostPage, postPagesOptions } from './post-pages.ts';

export const BOOKMARKS_PAGE_SIZE = 10;

/** GET /api/me/bookmarks: the viewer's saved posts, most recently saved first. */
export function getBookmarks(cursor: string | null, signal?: AbortSignal): Promise<PostList> {
  return getPostPage('/me/bookmarks', { limit: BOOKMARKS_PAGE_SIZE, cursor }, signal);
}

export function bookmarksQueryOptions(userId: string) {
  return postPagesOptions(['posts', 'bookmarks', userId], getBookmarks);
}

export function useBookmarks(userId: string) {
  return useInfiniteQuery(bookmarksQueryOptions(userId));
}

/** PUT or DELETE /api/posts/:id/bookmark (both idempotent). */
export function useBookmarkPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ postId, save }: { postId: string; save: boolean }) => {
      const path = `/posts/${encodeURIComponent(postId)}/bookmark`;
      return (save ? await api.put(path) : await api.delete(path)) as { bookmarked: boolean };
    },
    onSuccess: (state, { postId }) => {
      updateCachedPost(queryClient, postId, (post) => ({ ...post, bookmarked: state.bookmarked }));
      // The Bookmarks page keeps a removed post on screen until it is opened again.
      return queryClient.invalidateQueries({ queryKey: ['posts', 'bookmarks'], refetchType: 'none' });
    },
  });
}
