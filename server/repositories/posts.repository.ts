import { and, desc, eq, exists, inArray, isNotNull, notExists, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { creatorProfiles, follows, media, postLikes, posts, userBlocks } from '../db/schema/index.ts';
import { RANK_SECONDS_PER_LIKE_DECADE } from '../lib/rank.ts';
import { viewerCountry } from '../lib/viewer-region.ts';
import type { CreatorRecord } from './creators.repository.ts';
import type { MediaRecord } from './media.repository.ts';

export type PostRecord = typeof posts.$inferSelect;
export type NewPost = typeof posts.$inferInsert;
export type PostChanges = Partial<Pick<PostRecord, 'description' | 'visibility' | 'priceCents'>>;
export interface PostRow {
  post: PostRecord;
  creator: CreatorRecord;
  media: MediaRecord | null;
}
export interface RankKey {
  score: number;
  id: string;
}

/** In an UPDATE, columns read their old values: the rank is recomputed from the new count. */
const rankWithLikes = (likes: ReturnType<typeof sql>) =>
  sql`extract(epoch from ${posts.createdAt}) / ${RANK_SECONDS_PER_LIKE_DECADE} + log(1 + ${likes})`;

/** Posts with something to show: an embed, or media that finished processing. */
const showable = or(isNotNull(posts.youtubeId), eq(media.status, 'ready'));

const blockedBetween = (db: Database, viewerId: string) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(userBlocks)
      .where(
        or(
          and(eq(userBlocks.blockerId, viewerId), eq(userBlocks.blockedId, creatorProfiles.userId)),
          and(eq(userBlocks.blockedId, viewerId), eq(userBlocks.blockerId, creatorProfiles.userId)),
        ),
      ),
  );

/** Leaves out creators who blocked the requesting country (see server/lib/viewer-region.ts); not for their own posts. */
export function shownInViewerRegion(viewerId?: string) {
  const country = viewerCountry();
  if (!country) return undefined;
  const own = viewerId ? sql` or ${creatorProfiles.userId} = ${viewerId}` : sql``;
  return sql`(not (${country} = any(${creatorProfiles.blockedCountries}))${own})`;
}

const followedBy = (db: Database, viewerId: string) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(follows)
      .where(and(eq(follows.followerId, viewerId), eq(follows.creatorId, posts.creatorId))),
  );

export function createPostsRepository(db: Database) {
  const rows = () =>
    db
      .select({ post: posts, creator: creatorProfiles, media })
      .from(posts)
      .innerJoin(creatorProfiles, eq(creatorProfiles.id, posts.creatorId))
      .leftJoin(media, eq(media.id, posts.mediaId));

  /** One keyset page of Discover's order: (rank_score, id) descending. */
  function ranked(options: { limit: number; after?: RankKey; viewerId?: string; followed: boolean }) {
    const { viewerId } = options;
    return rows()
      .where(
        and(
          eq(creatorProfiles.status, 'approved'),
          showable,
          options.after
            ? sql`(${posts.rankScore}, ${posts.id}) < (${options.after.score}, ${options.after.id})`
            : undefined,
          viewerId ? sql`not ${blockedBetween(db, viewerId)}` : undefined,
          shownInViewerRegion(viewerId),
          viewerId
            ? options.followed
              ? followedBy(db, viewerId)
              : notExists(
                  db
                    .select({ one: sql`1` })
                    .from(follows)
                    .where(and(eq(follows.followerId, viewerId), eq(follows.creatorId, posts.creatorId))),
                )
            : undefined,
        ),
      )
      .orderBy(desc(posts.rankScore), desc(posts.id))
      .limit(options.limit);
  }

  return {
    async create(row: NewPost): Promise<PostRecord> {
      const [created] = await db.insert(posts).values(row).returning();
      if (!created) throw new Error('post insert returned nothing');
      return created;
    },

    async find(id: string): Promise<PostRow | null> {
      const [row] = await rows().where(eq(posts.id, id));
      return row ?? null;
    },

    async isMediaUsed(mediaId: string): Promise<boolean> {
      const [row] = await db.select({ id: posts.id }).from(posts).where(eq(posts.mediaId, mediaId));
      return row !== undefined;
    },

    async update(id: string, changes: PostChanges, now: Date): Promise<void> {
      await db
        .update(posts)
        .set({ ...changes, updatedAt: now })
        .where(eq(posts.id, id));
    },

    async delete(id: string): Promise<void> {
      await db.delete(posts).where(eq(posts.id, id));
    },

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

    /** A creator's posts, newest first; `kind` narrows to photos or videos (the Media tab). */
    async byCreator(options: {
      creatorId: string;
      kind?: 'image' | 'video';
      limit: number;
      beforeId?: string;
      includeUnready: boolean;
    }): Promise<PostRow[]> {
      return rows()
        .where(
          and(
            eq(posts.creatorId, options.creatorId),
            options.kind ? eq(media.kind, options.kind) : undefined,
            options.includeUnready ? undefined : showable,
            options.beforeId ? sql`${posts.id} < ${options.beforeId}` : undefined,
          ),
        )
        .orderBy(desc(posts.id))
        .limit(options.limit);
    },

    rankedFollowed: (options: { limit: number; after?: RankKey; viewerId: string }) =>
      ranked({ ...options, followed: true }),
    rankedOthers: (options: { limit: number; after?: RankKey; viewerId?: string }) =>
      ranked({ ...options, followed: false }),

    /** The latest posts of creators the viewer follows (Home). */
    async following(options: { viewerId: string; limit: number; beforeId?: string }): Promise<PostRow[]> {
      return rows()
        .where(
          and(
            followedBy(db, options.viewerId),
            eq(creatorProfiles.status, 'approved'),
            showable,
            sql`not ${blockedBetween(db, options.viewerId)}`,
            shownInViewerRegion(options.viewerId),
            options.beforeId ? sql`${posts.id} < ${options.beforeId}` : undefined,
          ),
        )
        .orderBy(desc(posts.id))
        .limit(options.limit);
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

export type PostsRepository = ReturnType<typeof createPostsRepository>;
