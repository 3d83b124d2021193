import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { creatorProfiles, media, postBookmarks, posts, userBlocks } from '../../db/schema/index.ts';
import type { PostRow } from '../posts/index.ts';
import { shownInViewerRegion } from '../posts/index.ts';

export function createBookmarksRepository(db: Database) {
  return {
    /** Idempotent either way. */
    async set(userId: string, postId: string, saved: boolean, now: Date): Promise<void> {
      if (saved)
        await db.insert(postBookmarks).values({ userId, postId, createdAt: now }).onConflictDoNothing();
      else
        await db
          .delete(postBookmarks)
          .where(and(eq(postBookmarks.userId, userId), eq(postBookmarks.postId, postId)));
    },

    async bookmarkedAmong(userId: string, postIds: string[]): Promise<Set<string>> {
      if (postIds.length === 0) return new Set();
      const found = await db
        .select({ postId: postBookmarks.postId })
        .from(postBookmarks)
        .where(and(eq(postBookmarks.userId, userId), inArray(postBookmarks.postId, postIds)));
      return new Set(found.map((row) => row.postId));
    },

    /**
     * The user's saved posts, most recently saved first, leaving out what they may no longer see:
     * a creator no longer approved, on either side of a block, or not shown in their country.
     */
    async page(options: {
      userId: string;
      limit: number;
      before?: { at: string; id: string };
    }): Promise<(PostRow & { savedAt: Date })[]> {
      const { userId } = options;
      return db
        .select({ post: posts, creator: creatorProfiles, media, savedAt: postBookmarks.createdAt })
        .from(postBookmarks)
        .innerJoin(posts, eq(posts.id, postBookmarks.postId))
        .innerJoin(creatorProfiles, eq(creatorProfiles.id, posts.creatorId))
        .leftJoin(media, eq(media.id, posts.mediaId))
        .where(
          and(
            eq(postBookmarks.userId, userId),
            or(eq(creatorProfiles.status, 'approved'), eq(creatorProfiles.userId, userId)),
            sql`not exists (select 1 from ${userBlocks} b where (b.blocker_id = ${userId} and b.blocked_id = ${creatorProfiles.userId}) or (b.blocked_id = ${userId} and b.blocker_id = ${creatorProfiles.userId}))`,
            shownInViewerRegion(userId),
            options.before
              ? sql`(${postBookmarks.createdAt}, ${postBookmarks.postId}) < (${options.before.at}::timestamptz, ${options.before.id})`
              : undefined,
          ),
        )
        .orderBy(desc(postBookmarks.createdAt), desc(postBookmarks.postId))
        .limit(options.limit);
    },
  };
}

export type BookmarksRepository = ReturnType<typeof createBookmarksRepository>;
