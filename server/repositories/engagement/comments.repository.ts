import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  commentLikes,
  creatorProfiles,
  postComments,
  postCommentsOff,
  posts,
  userBlocks,
  users,
} from '../../db/schema/index.ts';

export type CommentRecord = typeof postComments.$inferSelect;

/** The author as a comment shows them: name, handle and picture, never the email. */
export interface CommentAuthor {
  id: string;
  firstName: string;
  lastName: string;
  profileImage: string | null;
  creator: { handle: string; displayName: string; avatarUrl: string | null; status: string } | null;
}

export interface CommentRow {
  comment: CommentRecord;
  author: CommentAuthor;
  liked: boolean;
  replyCount: number;
}

/** Comments whose author is on either side of a block with the viewer are left out. */
const notBlockedWith = (viewerId: string | null): SQL | undefined =>
  viewerId
    ? sql`not exists (select 1 from ${userBlocks} b where (b.blocker_id = ${viewerId} and b.blocked_id = ${postComments.authorId}) or (b.blocked_id = ${viewerId} and b.blocker_id = ${postComments.authorId}))`
    : undefined;

export function createCommentsRepository(db: Database) {
  const rows = (viewerId: string | null) =>
    db
      .select({
        comment: postComments,
        user: {
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          profileImage: users.profileImage,
        },
        creatorHandle: creatorProfiles.handle,
        creatorName: creatorProfiles.displayName,
        creatorAvatar: creatorProfiles.avatarUrl,
        creatorStatus: creatorProfiles.status,
        liked: viewerId
          ? sql<boolean>`exists (select 1 from ${commentLikes} where ${commentLikes.userId} = ${viewerId} and ${commentLikes.commentId} = ${postComments.id})`
          : sql<boolean>`false`,
        replyCount: sql<number>`(select count(*)::int from ${postComments} r where r.parent_id = ${postComments.id}${
          viewerId
            ? sql` and not exists (select 1 from ${userBlocks} b where (b.blocker_id = ${viewerId} and b.blocked_id = r.author_id) or (b.blocked_id = ${viewerId} and b.blocker_id = r.author_id))`
            : sql``
        })`,
      })
      .from(postComments)
      .innerJoin(users, eq(users.id, postComments.authorId))
      .leftJoin(creatorProfiles, eq(creatorProfiles.userId, postComments.authorId));

  type Raw = Awaited<ReturnType<ReturnType<typeof rows>['execute']>>[number];
  const shape = (row: Raw): CommentRow => ({
    comment: row.comment,
    author: {
      ...row.user,
      creator:
        row.creatorHandle !== null && row.creatorName !== null && row.creatorStatus !== null
          ? {
              handle: row.creatorHandle,
              displayName: row.creatorName,
              avatarUrl: row.creatorAvatar,
              status: row.creatorStatus,
            }
          : null,
    },
    liked: Boolean(row.liked),
    replyCount: Number(row.replyCount),
  });

  /** Adds `delta` to the post's count and answers the new count. */
  async function bump(tx: Database, postId: string, delta: number): Promise<number> {
    const [row] = await tx
      .update(posts)
      .set({ commentCount: sql`greatest(0, ${posts.commentCount} + ${delta})` })
      .where(eq(posts.id, postId))
      .returning({ count: posts.commentCount });
    return row?.count ?? 0;
  }

  return {
    /** Writes the comment and counts it on its post, together. */
    async create(row: {
      postId: string;
      authorId: string;
      parentId: string | null;
      body: string;
      now: Date;
    }): Promise<{ comment: CommentRecord; count: number }> {
      return db.transaction(async (tx) => {
        const [comment] = await tx
          .insert(postComments)
          .values({
            postId: row.postId,
            authorId: row.authorId,
            parentId: row.parentId,
            body: row.body,
            createdAt: row.now,
          })
          .returning();
        if (!comment) throw new Error('comment insert returned nothing');
        return { comment, count: await bump(tx, row.postId, 1) };
      });
    },

    async find(id: string): Promise<CommentRecord | null> {
      const [row] = await db.select().from(postComments).where(eq(postComments.id, id));
      return row ?? null;
    },

    async findRow(id: string, viewerId: string | null): Promise<CommentRow | null> {
      const [row] = await rows(viewerId).where(eq(postComments.id, id));
      return row ? shape(row) : null;
    },

    /** Deletes the comment with its replies and takes them off the post's count. */
    async delete(comment: CommentRecord): Promise<number> {
      return db.transaction(async (tx) => {
        const removed = await tx
          .delete(postComments)
          .where(sql`${postComments.id} = ${comment.id} or ${postComments.parentId} = ${comment.id}`)
          .returning({ id: postComments.id });
        return bump(tx, comment.postId, -removed.length);
      });
    },

    /** A post's comments (not replies), newest first. */
    async page(options: {
      postId: string;
      viewerId: string | null;
      limit: number;
      beforeId?: string;
    }): Promise<CommentRow[]> {
      const found = await rows(options.viewerId)
        .where(
          and(
            eq(postComments.postId, options.postId),
            isNull(postComments.parentId),
            options.beforeId ? sql`${postComments.id} < ${options.beforeId}` : undefined,
            notBlockedWith(options.viewerId),
          ),
        )
        .orderBy(desc(postComments.id))
        .limit(options.limit);
      return found.map(shape);
    },

    /** The first `perParent` replies of each of these comments, oldest first, in one statement. */
    async firstReplies(
      parentIds: string[],
      viewerId: string | null,
      perParent: number,
    ): Promise<CommentRow[]> {
      if (parentIds.length === 0) return [];
      const first = sql`(select ranked.id from (select r.id, row_number() over (partition by r.parent_id order by r.id) as n from ${postComments} r where r.parent_id in (${sql.join(
        parentIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})${
        viewerId
          ? sql` and not exists (select 1 from ${userBlocks} b where (b.blocker_id = ${viewerId} and b.blocked_id = r.author_id) or (b.blocked_id = ${viewerId} and b.blocker_id = r.author_id))`
          : sql``
      }) ranked where ranked.n <= ${perParent})`;
      const found = await rows(viewerId).where(inArray(postComments.id, first)).orderBy(asc(postComments.id));
      return found.map(shape);
    },

    /** A comment's replies, oldest first. */
    async replies(options: {
      parentId: string;
      viewerId: string | null;
      limit: number;
      afterId?: string;
    }): Promise<CommentRow[]> {
      const found = await rows(options.viewerId)
        .where(
          and(
            eq(postComments.parentId, options.parentId),
            options.afterId ? sql`${postComments.id} > ${options.afterId}` : undefined,
            notBlockedWith(options.viewerId),
          ),
        )
        .orderBy(asc(postComments.id))
        .limit(options.limit);
      return found.map(shape);
    },

    /** Idempotent; the count changes only when a like row was really added or removed. */
    async setLike(userId: string, commentId: string, liked: boolean, now: Date): Promise<number> {
      return db.transaction(async (tx) => {
        const changed = liked
          ? await tx
              .insert(commentLikes)
              .values({ userId, commentId, createdAt: now })
              .onConflictDoNothing()
              .returning()
          : await tx
              .delete(commentLikes)
              .where(and(eq(commentLikes.userId, userId), eq(commentLikes.commentId, commentId)))
              .returning();
        const delta = changed.length > 0 ? (liked ? 1 : -1) : 0;
        const [row] = await tx
          .update(postComments)
          .set({ likeCount: sql`greatest(0, ${postComments.likeCount} + ${delta})` })
          .where(eq(postComments.id, commentId))
          .returning({ likes: postComments.likeCount });
        return row?.likes ?? 0;
      });
    },

    /** The comment count of each of these posts (ids that are not posts are left out). */
    async counts(postIds: string[]): Promise<{ postId: string; count: number }[]> {
      if (postIds.length === 0) return [];
      return db
        .select({ postId: posts.id, count: posts.commentCount })
        .from(posts)
        .where(inArray(posts.id, postIds));
    },

    async commentsOff(postId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: postCommentsOff.postId })
        .from(postCommentsOff)
        .where(eq(postCommentsOff.postId, postId));
      return row !== undefined;
    },

    async setCommentsOff(postId: string, off: boolean, now: Date): Promise<void> {
      if (off) await db.insert(postCommentsOff).values({ postId, createdAt: now }).onConflictDoNothing();
      else await db.delete(postCommentsOff).where(eq(postCommentsOff.postId, postId));
    },
  };
}

export type CommentsRepository = ReturnType<typeof createCommentsRepository>;
