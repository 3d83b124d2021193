import type { PostView } from '#common/schemas/posts.ts';
import type { PostPages } from '../api/post-pages.ts';

/** Pages flattened; a post that moved between pages while they were fetched shows once. */
export function uniquePosts(pages: PostPages | undefined): PostView[] {
  const seen = new Set<string>();
  const posts: PostView[] = [];
  for (const post of (pages?.pages ?? []).flatMap((page) => page.items)) {
    if (seen.has(post.id)) continue;
    seen.add(post.id);
    posts.push(post);
  }
  return posts;
}
