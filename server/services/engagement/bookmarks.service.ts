import type { BookmarkState } from '../../../common/schemas/engagement.ts';
import type { Clock } from '../../lib/clock.ts';
import { decodeCursor, keysetPage } from '../../lib/cursor.ts';
import type { Viewer } from '../../policies/actions/creators.ts';
import type { BookmarksRepository } from '../../repositories/engagement/bookmarks.repository.ts';
import type { PostRow } from '../../repositories/posts/index.ts';
import type { PostsService } from '../posts/posts.service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A fan's saved posts. Saving needs a post they may see; the Bookmarks page presents each post
 * as any feed does (server/services/posts/post-views.ts), so a locked post stays locked there.
 */
export function createBookmarksService(deps: {
  posts: Pick<PostsService, 'visible'>;
  bookmarks: BookmarksRepository;
  clock: Clock;
}) {
  return {
    async save(viewer: Viewer, postId: string): Promise<BookmarkState> {
      const row = await deps.posts.visible(viewer, postId);
      await deps.bookmarks.set(viewer.id, row.post.id, true, deps.clock.now());
      return { bookmarked: true };
    },

    /** Removing works even when the post can no longer be seen (a block since), so the list can be cleaned. */
    async remove(viewer: Viewer, postId: string): Promise<BookmarkState> {
      if (UUID.test(postId))
        await deps.bookmarks.set(viewer.id, postId.toLowerCase(), false, deps.clock.now());
      return { bookmarked: false };
    },

    /** One page of saved posts, most recently saved first: rows the endpoint presents. */
    async list(
      viewer: Viewer,
      options: { limit: number; cursor?: string },
    ): Promise<{ rows: PostRow[]; nextCursor: string | null }> {
      const key = decodeCursor(options.cursor, ['k'])?.k;
      const [at, id] = key?.split('|') ?? [];
      const rows = await deps.bookmarks.page({
        userId: viewer.id,
        limit: options.limit + 1,
        ...(at && id ? { before: { at, id } } : {}),
      });
      const page = keysetPage(rows, options.limit, (last) => ({
        k: `${last.savedAt.toISOString()}|${last.post.id}`,
      }));
      return { rows: page.rows, nextCursor: page.nextCursor };
    },
  };
}

export type BookmarksService = ReturnType<typeof createBookmarksService>;
