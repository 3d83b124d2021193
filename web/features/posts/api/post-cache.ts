import type { QueryClient } from '@tanstack/react-query';
import type { PostView } from '#common/schemas/posts.ts';
import type { PostPages } from './post-pages.ts';

/**
 * Every cached post list lives under this key: paged lists (discover, feed, a creator's posts,
 * liked) and single-page ones (the creator's queue).
 */
export const POSTS_KEY = ['posts'] as const;

type CachedList = PostPages | { items: PostView[] };

function mapPages<T extends CachedList>(data: T | undefined, map: (items: PostView[]) => PostView[]) {
  if (!data) return data;
  if ('pages' in data)
    return { ...data, pages: data.pages.map((page) => ({ ...page, items: map(page.items) })) };
  return { ...data, items: map(data.items) };
}

/** One post changes in every list that holds it, so all its cards agree at once. */
export function updateCachedPost(
  queryClient: QueryClient,
  postId: string,
  update: (post: PostView) => PostView,
): void {
  queryClient.setQueriesData<CachedList>({ queryKey: POSTS_KEY }, (data) =>
    mapPages(data, (items) => items.map((post) => (post.id === postId ? update(post) : post))),
  );
  // The post's own page (get-post.ts) holds it on its own.
  queryClient.setQueryData<PostView>(['post', postId], (post) => (post ? update(post) : post));
}

/** A deleted post leaves every list without waiting for a refetch. */
export function removeCachedPost(queryClient: QueryClient, postId: string): void {
  queryClient.setQueriesData<CachedList>({ queryKey: POSTS_KEY }, (data) =>
    mapPages(data, (items) => items.filter((post) => post.id !== postId)),
  );
}

/** Following is per creator: every card of theirs shows the new state. */
export function setCachedFollowing(queryClient: QueryClient, handle: string, following: boolean): void {
  queryClient.setQueriesData<CachedList>({ queryKey: POSTS_KEY }, (data) =>
    mapPages(data, (items) =>
      items.map((post) =>
        post.creator.handle === handle
          ? { ...post, creator: { ...post.creator, isFollowing: following } }
          : post,
      ),
    ),
  );
}
