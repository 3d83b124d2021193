/**
 * The table of actions the access funnel (access.ts) answers. One row per action:
 *
 * - `rule`: a pure function of the actor and the facts about the resource; null allows, a refusal
 *   says how the refusal is told (403 with words, 404 when the object must not exist for the actor).
 * - `routes`: the routes that enforce it, as keyed in the authorization matrix
 *   (server/routes/hardening/access-matrix.ts). A test walks this table against the matrix, so an
 *   action cannot be added without the matrix calling the routes behind it as every actor.
 *
 * Adding an action: one row here, the facts it needs as its resource type, and the call
 * `assertCan(actor, 'thing:do', facts)` in the service (or `can(...)` for an ability the web app
 * shows).
 */
import { commentMessages, listMessages } from '../../common/schemas/engagement.ts';
import { type Actor, type Refusal, refuse } from './actor.ts';

export interface ActionRow<Resource> {
  rule: (actor: Actor, resource: Resource) => Refusal | null;
  routes: readonly string[];
}

const row = <Resource>(
  routes: readonly string[],
  rule: (actor: Actor, resource: Resource) => Refusal | null,
): ActionRow<Resource> => ({ rule, routes });

const isSelf = (actor: Actor, userId: string) => actor.user !== null && actor.user.id === userId;
const isAdmin = (actor: Actor) => actor.user?.role === 'admin';

interface ListFacts {
  ownerId: string;
  /** Favourites: everyone's built-in list. */
  builtIn: boolean;
}

interface CommentFacts {
  authorId: string;
  /** The post's creator (their user id). */
  postOwnerId: string;
}

export const actions = {
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

export type Action = keyof typeof actions;
export type ResourceOf<A extends Action> = (typeof actions)[A] extends ActionRow<infer R> ? R : never;
