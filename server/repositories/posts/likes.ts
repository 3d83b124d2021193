/** Likes: liking and unliking (with the post's count and rank), and reading what a user liked. */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { creatorProfiles, media, postLikes, posts } from '../../db/schema/index.ts';
import { RANK_SECONDS_PER_LIKE_DECADE } from '../../lib/rank.ts';
import type { PostRow } from './types.ts';

/** In an UPDATE, columns read their old values: the rank is recomputed from the new count. */
const rankWithLikes = (likes: ReturnType<typeof sql>) =>
  sql`extract(epoch from ${posts.createdAt}) / ${RANK_SECONDS_PER_LIKE_DECADE} + log(1 + ${likes})`;

/** The like methods of the posts repository. */
export function createPostLikes(db: Database) {
  return {
    /** Idempotent; the count and the rank change only when a like row was really added or removed. */
    async setLike(
      userId: string,
      postId: string,
      liked: boolean,
      now: Date,
    ): Promise<{ likes: number; changed: boolean }> {
      return db.transaction(async (tx) => {
        const changed = liked
          ? await tx
              .insert(postLikes)
              .values({ userId, postId, createdAt: now })
              .onConflictDoNothing()
              .returning()
          : await tx
              .delete(postLikes)
              .where(and(eq(postLikes.userId, userId), eq(postLikes.postId, postId)))
              .returning();
        if (changed.length > 0) {
          const count = sql`${posts.likeCount} + ${liked ? 1 : -1}`;
          await tx
            .update(posts)
            .set({ likeCount: count, rankScore: rankWithLikes(count) })
            .where(eq(posts.id, postId));
        }
        const [row] = await tx.select({ likes: posts.likeCount }).from(posts).where(eq(posts.id, postId));
        return { likes: row?.likes ?? 0, changed: changed.length > 0 };
      });
    },

    async likedAmong(userId: string, postIds: string[]): Promise<Set<string>> {
      if (postIds.length === 0) return new Set();
      const found = await db
        .select({ postId: postLikes.postId })
        .from(postLikes)
        .where(and(eq(postLikes.userId, userId), inArray(postLikes.postId, postIds)));
      return new Set(found.map((row) => row.postId));
    },

    /** Posts the user liked, most recently liked first. */
    async likedBy(options: {
      userId: string;
      limit: number;
      before?: { at: string; id: string };
    }): Promise<(PostRow & { likedAt: Date })[]> {
      return db
        .select({ post: posts, creator: creatorProfiles, media, likedAt: postLikes.createdAt })
        .from(postLikes)
        .innerJoin(posts, eq(posts.id, postLikes.postId))
        .innerJoin(creatorProfiles, eq(creatorProfiles.id, posts.creatorId))
        .leftJoin(media, eq(media.id, posts.mediaId))
        .where(
          and(
            eq(postLikes.userId, options.userId),
            eq(posts.status, 'published'),
            options.before
              ? sql`(${postLikes.createdAt}, ${postLikes.postId}) < (${options.before.at}::timestamptz, ${options.before.id})`
              : undefined,
          ),
        )
        .orderBy(desc(postLikes.createdAt), desc(postLikes.postId))
        .limit(options.limit);
    },
  };
}
