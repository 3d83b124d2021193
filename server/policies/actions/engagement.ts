/** Engagement: a fan's lists of creators and comments on posts. */
import { commentMessages, listMessages } from '../../../common/schemas/engagement.ts';
import { refuse } from '../actor.ts';
import { isAdmin, isSelf, row } from './row.ts';

export interface ListFacts {
  ownerId: string;
  /** Favourites: everyone's built-in list. */
  builtIn: boolean;
}

export interface CommentFacts {
  authorId: string;
  /** The post's creator (their user id). */
  postOwnerId: string;
}

export const engagementActions = {
  /** A list is its owner's alone: to anyone else it does not exist. */
  'list:use': row<Pick<ListFacts, 'ownerId'>>(
    [
      'GET /api/lists/:id/creators',
      'PUT /api/lists/:id/creators/:creatorId',
      'DELETE /api/lists/:id/creators/:creatorId',
      'GET /api/lists/:id/posts',
    ],
    (actor, list) => (isSelf(actor, list.ownerId) ? null : refuse.notFound(listMessages.notFound)),
  ),
  /** Renaming or deleting: the owner's own lists, but "Favourites" stays, under its name. */
  'list:change': row<ListFacts>(['PATCH /api/lists/:id', 'DELETE /api/lists/:id'], (actor, list) => {
    if (!isSelf(actor, list.ownerId)) return refuse.notFound(listMessages.notFound);
    return list.builtIn ? refuse.forbidden(listMessages.builtIn) : null;
  }),

  /**
   * Writing a comment: a signed-in viewer on a post with comments on; the creator may still write
   * on their own post with comments off (to answer what is there).
   */
  'comment:write': row<{ postOwnerId: string; enabled: boolean }>(
    ['POST /api/posts/:id/comments'],
    (actor, post) =>
      actor.user !== null && (post.enabled || isSelf(actor, post.postOwnerId))
        ? null
        : refuse.forbidden(commentMessages.turnedOff),
  ),
  /** The author deletes their own comment; the creator any comment on their posts; admins moderate. */
  'comment:delete': row<CommentFacts>(['DELETE /api/comments/:id'], (actor, comment) =>
    isSelf(actor, comment.authorId) || isSelf(actor, comment.postOwnerId) || isAdmin(actor)
      ? null
      : refuse.forbidden(commentMessages.cannotDelete),
  ),
  /** Only the post's creator turns its comments on or off. */
  'comment:moderate': row<{ postOwnerId: string }>(['PUT /api/posts/:id/comments/settings'], (actor, post) =>
    isSelf(actor, post.postOwnerId) ? null : refuse.forbidden(commentMessages.onlyCreator),
  ),
} as const;
