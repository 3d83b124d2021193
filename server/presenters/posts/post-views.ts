import type { PostView } from '../../../common/schemas/posts.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Viewer } from '../../policies/actions/creators.ts';
import type { PostRow } from '../../repositories/posts/index.ts';
import type { MediaLinks } from '../../services/media/links.ts';
import type { PostFacts, PresentPosts } from '../../services/posts/post-views.ts';
import { presentPost } from './post.ts';

/** Posts for one viewer out of their facts (server/services/posts/post-views.ts). */
export function presentPostFacts(
  viewer: Viewer | null,
  facts: PostFacts[],
  context: { links: MediaLinks; clock: Clock },
): Promise<PostView[]> {
  return Promise.all(
    facts.map(({ row, ...standing }) =>
      presentPost(row, { viewer, ...standing, links: context.links, now: context.clock.now() }),
    ),
  );
}

/**
 * The post cards of a page for one viewer: the facts read once per page, then presented. What the
 * endpoints that answer posts are given (server/modules/posts.ts builds it).
 */
export function createPostViews(deps: {
  facts: (viewer: Viewer | null, rows: PostRow[]) => Promise<PostFacts[]>;
  links: MediaLinks;
  clock: Clock;
}): PresentPosts {
  return async (viewer, rows) => presentPostFacts(viewer, await deps.facts(viewer, rows), deps);
}
