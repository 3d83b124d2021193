import type { QueryClient } from '@tanstack/react-query';
import type { PostView } from '#common/schemas/posts.ts';
import type { PostPages } from './post-pages.ts';

/** Every cached post list lives under this key (discover, feed, a creator's posts, liked). */
export const POSTS_KEY = ['posts'] as const;

function mapPages(data: PostPages | undefined, map: (items: PostView[]) => PostView[]) {
  if (!data) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, items: map(page.items) })) };
}

/** One post changes in every list that holds it, so all its cards agree at once. */
export function updateCachedPost(
  queryClient: QueryClient,
  postId: string,
  update: (post: PostView) => PostView,
): void {
  queryClient.setQueriesData<PostPages>({ queryKey: POSTS_KEY }, (data) =>
    mapPages(data, (items) => items.map((post) => (post.id === postId ? update(post) : post))),
  );
}

/** A deleted post leaves every list without waiting for a refetch. */
export function removeCachedPost(queryClient: QueryClient, postId: string): void {
  queryClient.setQueriesData<PostPages>({ queryKey: POSTS_KEY }, (data) =>
    mapPages(data, (items) => items.filter((post) => post.id !== postId)),
  );
}

/** Following is per creator: every card of theirs shows the new state. */
export function setCachedFollowing(queryClient: QueryClient, handle: string, following: boolean): void {
  queryClient.setQueriesData<PostPages>({ queryKey: POSTS_KEY }, (data) =>
    mapPages(data, (items) =>
      items.map((post) =>
        post.creator.handle === handle
          ? { ...post, creator: { ...post.creator, isFollowing: following } }
          : post,
      ),
    ),
  );
}
