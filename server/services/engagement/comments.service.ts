import { pathTo } from '../../../common/routes.ts';
import {
  type CommentCount,
  type CreateCommentInput,
  commentLimits,
  commentMessages,
  createCommentSchema,
} from '../../../common/schemas/engagement.ts';
import type { BusEvent } from '../../adapters/bus/bus.ts';
import type { RateLimiter } from '../../adapters/rate-limit/index.ts';
import { notFound, rateLimited, validationFailed } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { decodeCursor, keysetPage } from '../../lib/cursor.ts';
import { consume, rateLimits } from '../../lib/rate-limits.ts';
import { actorOf, assertCan, can } from '../../policies/access.ts';
import type { Viewer } from '../../policies/actions/creators.ts';
import type { UserRecord } from '../../repositories/auth/users.repository.ts';
import type {
  CommentAuthor,
  CommentRecord,
  CommentRow,
  CommentsRepository,
} from '../../repositories/engagement/comments.repository.ts';
import type { PostRow } from '../../repositories/posts/index.ts';
import type { BlocksRepository } from '../../repositories/safety/blocks.repository.ts';
import type { PostsService } from '../posts/posts.service.ts';
import type { EventsService } from '../realtime/events.service.ts';
import type { NotificationsService } from '../realtime/notifications.service.ts';
import { commentEmail, replyEmail } from './emails.ts';

type Actor = Viewer & Pick<UserRecord, 'isEmailVerified'>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The topic on the event bus that everyone reading a post's comments listens to. */
const topicOf = (postId: string) => `post:${postId}`;

/** What a comment's presenter (presenters/engagement/comment.ts) knows of the viewer and the post. */
export interface CommentContext {
  viewer: Viewer | null;
  postOwnerId: string;
  enabled: boolean;
}

/** One comment as its row and the context it is shown in. */
export interface CommentFacts {
  row: CommentRow;
  context: CommentContext;
}

/** A page of a post's comments: each with its first replies, and what the viewer may do there. */
export interface CommentPageFacts {
  rows: CommentRow[];
  /** The first replies of the comments in `rows`, to be put under their parents. */
  replies: CommentRow[];
  nextCursor: string | null;
  count: number;
  context: CommentContext;
  canComment: boolean;
  canModerate: boolean;
}

/** A page of a comment's replies. */
export interface ReplyPageFacts {
  rows: CommentRow[];
  nextCursor: string | null;
  context: CommentContext;
}

/**
 * Comments under posts: seen by whoever may see the post (never its locked media: a comment
 * carries only text and its author), written by signed-in, verified users while the creator keeps
 * them on, one level of replies, likes, deletion by the author or the creator. Answers rows and
 * facts; the endpoints present them (presenters/engagement/comment.ts).
 */
export function createCommentsService(deps: {
  posts: Pick<PostsService, 'visible'>;
  comments: CommentsRepository;
  blocks: Pick<BlocksRepository, 'between'>;
  limiter: RateLimiter;
  notifications: Pick<NotificationsService, 'notify'>;
  events: Pick<EventsService, 'broadcast' | 'watch'>;
  clock: Clock;
  publicUrl: string;
  onError: (error: unknown) => void;
  /** How the notifications name a comment's author (the module passes the presenter's rule). */
  present: { authorName: (author: CommentAuthor) => string };
}) {
  async function context(viewer: Viewer | null, row: PostRow): Promise<CommentContext> {
    return {
      viewer,
      postOwnerId: row.creator.userId,
      enabled: !(await deps.comments.commentsOff(row.post.id)),
    };
  }

  /** The comment and its post, when this viewer may see both (a comment across a block is not found). */
  async function visibleComment(viewer: Viewer | null, id: string) {
    const comment = UUID.test(id) ? await deps.comments.find(id.toLowerCase()) : null;
    if (!comment) throw notFound(commentMessages.notFound);
    const post = await deps.posts.visible(viewer, comment.postId).catch(() => {
      throw notFound(commentMessages.notFound);
    });
    const blocked =
      viewer !== null &&
      viewer.id !== comment.authorId &&
      (await deps.blocks.between(viewer.id, comment.authorId));
    assertCan(actorOf(viewer), 'comment:view', { authorId: comment.authorId, blocked });
    return { comment, post };
  }

  /** Tells every open comments section of the post the new count (never fails the action). */
  async function announce(row: PostRow, count: number): Promise<void> {
    try {
      await deps.events.broadcast(topicOf(row.post.id), 'post.comments', { postId: row.post.id, count });
    } catch (error) {
      deps.onError(error);
    }
  }

  async function throttle(user: Actor): Promise<void> {
    const wait =
      (await consume(deps.limiter, rateLimits.commentsPerUserPerMinute, user.id)) ??
      (await consume(deps.limiter, rateLimits.commentsPerUserPerHour, user.id));
    if (wait !== null) throw rateLimited(commentMessages.tooMany, wait);
  }

  return {
    /**
     * A live stream of comment counts: `listener` hears every change to the posts among `postIds`
     * this viewer may see (the others are left out, as if they did not exist). Answers their counts
     * as they are once listening, so no change falls between, and the stop.
     */
    async live(viewer: Viewer | null, postIds: string[], listener: (event: BusEvent) => void) {
      const visible: string[] = [];
      for (const postId of new Set(postIds)) {
        const row = await deps.posts.visible(viewer, postId).catch(() => null);
        if (row) visible.push(row.post.id);
      }
      const stops = visible.map((postId) => deps.events.watch(topicOf(postId), listener));
      const stop = () => {
        for (const each of stops) each();
      };
      try {
        return { counts: await deps.comments.counts(visible), stop };
      } catch (error) {
        stop();
        throw error;
      }
    },

    async list(
      viewer: Viewer | null,
      postId: string,
      options: { limit: number; cursor?: string },
    ): Promise<CommentPageFacts> {
      const row = await deps.posts.visible(viewer, postId);
      const before = decodeCursor(options.cursor, ['id'])?.id;
      const rows = await deps.comments.page({
        postId: row.post.id,
        viewerId: viewer?.id ?? null,
        limit: options.limit + 1,
        ...(before ? { beforeId: before } : {}),
      });
      const page = keysetPage(rows, options.limit, (last) => ({ id: last.comment.id }));
      const replies = await deps.comments.firstReplies(
        page.rows.map((item) => item.comment.id),
        viewer?.id ?? null,
        commentLimits.repliesShown,
      );
      const facts = await context(viewer, row);
      return {
        rows: page.rows,
        replies,
        nextCursor: page.nextCursor,
        count: row.post.commentCount,
        context: facts,
        canComment: can(actorOf(viewer), 'comment:write', facts),
        canModerate: can(actorOf(viewer), 'comment:moderate', { postOwnerId: row.creator.userId }),
      };
    },

    async replies(
      viewer: Viewer | null,
      id: string,
      options: { limit: number; cursor?: string },
    ): Promise<ReplyPageFacts> {
      const { comment, post } = await visibleComment(viewer, id);
      const after = decodeCursor(options.cursor, ['id'])?.id;
      const rows = await deps.comments.replies({
        parentId: comment.id,
        viewerId: viewer?.id ?? null,
        limit: options.limit + 1,
        ...(after ? { afterId: after } : {}),
      });
      const page = keysetPage(rows, options.limit, (last) => ({ id: last.comment.id }));
      return { ...page, context: await context(viewer, post) };
    },

    async create(user: Actor, postId: string, input: CreateCommentInput): Promise<CommentFacts> {
      assertCan(actorOf(user), 'account:act', {});
      const body = createCommentSchema.parse(input);
      const row = await deps.posts.visible(user, postId);
      const facts = await context(user, row);
      assertCan(actorOf(user), 'comment:write', facts);
      let parent: CommentRecord | null = null;
      if (body.parentId) {
        parent = await deps.comments.find(body.parentId.toLowerCase());
        if (!parent || parent.postId !== row.post.id)
          throw validationFailed({ parentId: commentMessages.notFound });
        if (parent.parentId !== null) throw validationFailed({ parentId: commentMessages.oneLevel });
        const blocked = parent.authorId !== user.id && (await deps.blocks.between(user.id, parent.authorId));
        assertCan(actorOf(user), 'comment:reply', { parentAuthorId: parent.authorId, blocked });
      }
      await throttle(user);
      const { comment, count } = await deps.comments.create({
        postId: row.post.id,
        authorId: user.id,
        parentId: parent?.id ?? null,
        body: body.text,
        now: deps.clock.now(),
      });
      const created = await deps.comments.findRow(comment.id, user.id);
      if (!created) throw notFound(commentMessages.notFound);
      const authorName = deps.present.authorName(created.author);
      const link = pathTo('post', { id: row.post.id });
      const url = `${deps.publicUrl}${link}`;
      await deps.notifications.notify({
        userId: row.creator.userId,
        kind: 'comment',
        actorId: user.id,
        text: `${authorName} commented on your post`,
        link,
        email: (to) => commentEmail(to, { authorName, text: body.text, url }),
      });
      // The creator already heard of it as a comment on their post.
      if (parent && parent.authorId !== row.creator.userId) {
        await deps.notifications.notify({
          userId: parent.authorId,
          kind: 'reply',
          actorId: user.id,
          text: `${authorName} replied to your comment`,
          link,
          email: (to) => replyEmail(to, { authorName, text: body.text, url }),
        });
      }
      await announce(row, count);
      return { row: created, context: facts };
    },

    async delete(user: Viewer, id: string): Promise<CommentCount> {
      const { comment, post } = await visibleComment(user, id);
      assertCan(actorOf(user), 'comment:delete', {
        authorId: comment.authorId,
        postOwnerId: post.creator.userId,
      });
      const count = await deps.comments.delete(comment);
      await announce(post, count);
      return { postId: post.post.id, count };
    },

    async setLike(user: Actor, id: string, liked: boolean) {
      if (liked) assertCan(actorOf(user), 'account:act', {});
      const { comment } = await visibleComment(user, id);
      const likes = await deps.comments.setLike(user.id, comment.id, liked, deps.clock.now());
      return { liked, likes };
    },

    /** Only the creator turns a post's comments off (what is there stays) or on again. */
    async setEnabled(user: Viewer, postId: string, enabled: boolean) {
      const row = await deps.posts.visible(user, postId);
      assertCan(actorOf(user), 'comment:moderate', { postOwnerId: row.creator.userId });
      await deps.comments.setCommentsOff(row.post.id, !enabled, deps.clock.now());
      return { enabled };
    },
  };
}

export type CommentsService = ReturnType<typeof createCommentsService>;
