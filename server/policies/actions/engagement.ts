/** Engagement: a fan's lists of creators and comments on posts. */
import { commentMessages, listLimits, listMessages } from '../../../common/schemas/engagement.ts';
import { refuse } from '../actor.ts';
import { type CreatorFacts, canViewCreator } from './creators.ts';
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
  /** A fan keeps at most `listLimits.maxLists` lists (`count`: theirs now, Favourites included). */
  'list:create': row<{ count: number }>(['POST /api/lists'], (actor, lists) =>
    actor.user !== null && lists.count < listLimits.maxLists ? null : refuse.forbidden(listMessages.tooMany),
  ),
  /**
   * A list holds creators the fan may see and who are approved (their own page, in review, is not
   * listed either), at most `listLimits.maxMembers` of them; `memberCount` is left out where only
   * the creator is asked (which lists hold them).
   */
  'list:hold-creator': row<{ creator: CreatorFacts; blocked: boolean; memberCount?: number }>(
    ['PUT /api/lists/:id/creators/:creatorId', 'GET /api/creators/:handle/lists'],
    (actor, { creator, blocked, memberCount }) => {
      if (!canViewCreator(actor.user, creator, blocked) || creator.status !== 'approved')
        return refuse.notFound(listMessages.creatorNotFound);
      if (memberCount !== undefined && memberCount >= listLimits.maxMembers)
        return refuse.forbidden(listMessages.full);
      return null;
    },
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
  /** A comment across a block (either way) with its author is not found; one's own always shows. */
  'comment:view': row<{ authorId: string; blocked: boolean }>(
    [
      'GET /api/comments/:id/replies',
      'DELETE /api/comments/:id',
      'POST /api/comments/:id/like',
      'DELETE /api/comments/:id/like',
    ],
    (actor, comment) =>
      comment.blocked && !isSelf(actor, comment.authorId) ? refuse.notFound(commentMessages.notFound) : null,
  ),
  /** No reply to a comment whose author is on the other side of a block. */
  'comment:reply': row<{ parentAuthorId: string; blocked: boolean }>(
    ['POST /api/posts/:id/comments'],
    (actor, parent) =>
      parent.blocked && !isSelf(actor, parent.parentAuthorId)
        ? refuse.forbidden(commentMessages.blocked)
        : null,
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
