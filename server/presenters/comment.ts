import type { CommentView, CommentWithReplies } from '../../common/schemas/engagement.ts';
import type { Person } from '../../common/schemas/messages.ts';
import { actorOf, can } from '../policies/access.ts';
import type { Viewer } from '../policies/actions/creators.ts';
import type { CommentAuthor, CommentRow } from '../repositories/comments.repository.ts';

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

export interface CommentContext {
  viewer: Viewer | null;
  postOwnerId: string;
  enabled: boolean;
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
