import type {
  CommentPage,
  CommentView,
  CommentWithReplies,
  ReplyPage,
} from '../../../common/schemas/engagement.ts';
import type { Person } from '../../../common/schemas/messages.ts';
import { actorOf, can } from '../../policies/access.ts';
import type { CommentAuthor, CommentRow } from '../../repositories/engagement/comments.repository.ts';
import type {
  CommentContext,
  CommentPageFacts,
  ReplyPageFacts,
} from '../../services/engagement/comments.service.ts';

/** A comment's author: their creator name and handle when approved, else their first and last name. */
export function presentAuthor(author: CommentAuthor): Person {
  const creator = author.creator?.status === 'approved' ? author.creator : null;
  return {
    id: author.id,
    name: creator?.displayName ?? (`${author.firstName} ${author.lastName}`.trim() || 'Fanplace member'),
    handle: creator?.handle ?? null,
    avatarUrl: creator?.avatarUrl ?? author.profileImage,
  };
}

export function presentComment(row: CommentRow, context: CommentContext): CommentView {
  const { comment } = row;
  return {
    id: comment.id,
    postId: comment.postId,
    parentId: comment.parentId,
    text: comment.body,
    author: presentAuthor(row.author),
    byCreator: comment.authorId === context.postOwnerId,
    likes: comment.likeCount,
    liked: row.liked,
    replyCount: row.replyCount,
    canDelete: can(actorOf(context.viewer), 'comment:delete', {
      authorId: comment.authorId,
      postOwnerId: context.postOwnerId,
    }),
    canReply: comment.parentId === null && can(actorOf(context.viewer), 'comment:write', context),
    createdAt: comment.createdAt.toISOString(),
  };
}

export function presentThread(
  row: CommentRow,
  replies: CommentRow[],
  context: CommentContext,
): CommentWithReplies {
  return { ...presentComment(row, context), replies: replies.map((reply) => presentComment(reply, context)) };
}

/** A page of a post's comments, each with its first replies. */
export function presentCommentPage(page: CommentPageFacts): CommentPage {
  return {
    items: page.rows.map((row) =>
      presentThread(
        row,
        page.replies.filter((reply) => reply.comment.parentId === row.comment.id),
        page.context,
      ),
    ),
    nextCursor: page.nextCursor,
    count: page.count,
    enabled: page.context.enabled,
    canComment: page.canComment,
    canModerate: page.canModerate,
  };
}

/** A page of a comment's replies. */
export function presentReplyPage(page: ReplyPageFacts): ReplyPage {
  return {
    items: page.rows.map((row) => presentComment(row, page.context)),
    nextCursor: page.nextCursor,
  };
}
