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
import { creatorMessages } from '../../common/schemas/creators.ts';
import { commentMessages, listMessages } from '../../common/schemas/engagement.ts';
import { fanPaymentMessages } from '../../common/schemas/fan-payments.ts';
import { type PostStatus, type PostVisibility, postMessages } from '../../common/schemas/posts.ts';
import { type Actor, type Refusal, refuse } from './actor.ts';
import { type CreatorFacts, canViewCreator, hiddenInViewerRegion } from './creators.ts';

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

/** A post, as its rules see it: whose it is and where it stands. */
interface PostFacts {
  /** The actor is the post's creator. */
  isOwner: boolean;
  status: PostStatus;
}

interface PollFacts extends PostFacts {
  /** The viewer sees the post in full (not locked to them). */
  entitled: boolean;
  ended: boolean;
  voted: boolean;
}

export const actions = {
  /**
   * Seeing a post at all: its creator's page is visible to the actor (no block, approved or their
   * own), and drafts, scheduled and expired posts are their creator's alone.
   */
  'post:view': row<{ creator: CreatorFacts; blocked: boolean; status: PostStatus }>(
    ['GET /api/posts/:id', 'POST /api/posts/:id/like', 'PUT /api/posts/:id/bookmark'],
    (actor, post) => {
      if (!canViewCreator(actor.user, post.creator, post.blocked))
        return refuse.notFound(postMessages.notFound);
      if (post.status !== 'published' && !isSelf(actor, post.creator.userId))
        return refuse.notFound(postMessages.notFound);
      return null;
    },
  ),
  /**
   * A post's content: public posts are everyone's; subscriber posts are the owner's, admins' and
   * live subscribers'; pay-per-view posts the owner's, admins' and buyers'. Everyone else gets the
   * blurred preview only (a presenter's choice, so this is asked with \`can\`).
   */
  'post:content': row<{
    visibility: PostVisibility;
    isOwner: boolean;
    /** A live subscription to the post's creator. */
    isSubscriber: boolean;
    /** A pay-per-view purchase of this post. */
    hasPurchased: boolean;
  }>(['GET /api/posts/:id', 'GET /api/media/:id'], (actor, post) => {
    if (post.visibility === 'public' || post.isOwner || isAdmin(actor)) return null;
    const entitled = post.visibility === 'subscribers' ? post.isSubscriber : post.hasPurchased;
    return entitled ? null : refuse.forbidden('This post is locked');
  }),
  /** Only the creator edits a post. */
  'post:edit': row<Pick<PostFacts, 'isOwner'>>(['PATCH /api/posts/:id'], (actor, post) =>
    actor.user !== null && post.isOwner ? null : refuse.forbidden('Only the creator can edit this post'),
  ),
  /** The creator or an admin (moderation) deletes a post. */
  'post:delete': row<Pick<PostFacts, 'isOwner'>>(['DELETE /api/posts/:id'], (actor, post) =>
    actor.user !== null && (post.isOwner || isAdmin(actor))
      ? null
      : refuse.forbidden('Only the creator can delete this post'),
  ),
  /** Anyone signed in reports someone else's post. */
  'post:report': row<Pick<PostFacts, 'isOwner'>>(['POST /api/reports'], (actor, post) =>
    actor.user !== null && !post.isOwner ? null : refuse.forbidden('You cannot report your own post'),
  ),
  /** Only the creator pins, and only a published post; unpinning works whatever the status. */
  'post:pin': row<PostFacts & { pinned: boolean }>(
    ['PUT /api/posts/:id/pin', 'DELETE /api/posts/:id/pin'],
    (actor, post) => {
      if (actor.user === null || !post.isOwner) return refuse.forbidden('Only the creator can pin this post');
      if (post.pinned && post.status !== 'published')
        return {
          code: 'VALIDATION_FAILED',
          message: postMessages.notPublished,
          fields: { id: postMessages.notPublished },
        };
      return null;
    },
  ),
  /**
   * One vote per signed-in fan, while the poll is open, on a published post they may see in full;
   * the creator does not vote in their own poll. The vote route and the poll's \`canVote\` share it.
   */
  'post:vote': row<PollFacts>(['POST /api/posts/:id/poll/vote'], (actor, poll) => {
    if (actor.user === null) return refuse.forbidden(postMessages.pollLocked);
    if (poll.status !== 'published') return refuse.notFound(postMessages.notFound);
    if (poll.isOwner) return refuse.forbidden(postMessages.pollOwnPost);
    if (!poll.entitled) return refuse.forbidden(postMessages.pollLocked);
    if (poll.ended) return refuse.conflict(postMessages.pollEnded);
    if (poll.voted) return refuse.conflict(postMessages.pollAlreadyVoted);
    return null;
  }),

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

  /**
   * Paying a creator (subscribing, unlocking a post or a message, tipping, taking a free trial) has
   * two rules of its own, asked before the rules of each payment (yourself, a block, not for sale,
   * bought already: server/policies/fan-payments.ts, tips.ts, offers.ts, messages.ts):
   * - a verified email, as following, commenting and messaging need (403 EMAIL_NOT_VERIFIED);
   * - the creator's page shown in the payer's country (451, as their page answers), unless a block
   *   between them answers first. The creator themself and admins are exempt.
   * `creator` is the page paid (null: the seller has none, which the payment's own rule refuses).
   */
  'creator:pay': row<{ creator: CreatorFacts | null; blocked: boolean }>(
    [
      'POST /api/creators/:handle/subscribe',
      'POST /api/posts/:id/unlock',
      'POST /api/messages/:id/unlock',
      'POST /api/creators/:handle/tips',
      'POST /api/creators/:handle/offers/:code/claim',
    ],
    (actor, { creator, blocked }) => {
      if (actor.user === null || actor.user.isEmailVerified !== true)
        return refuse.unverified(fanPaymentMessages.verifyEmailToPay);
      if (creator && !blocked && hiddenInViewerRegion(actor.user, creator))
        return refuse.region(creatorMessages.regionBlocked);
      return null;
    },
  ),

  /**
   * A creator's own payouts: their payout account, schedule, quotes, requests and history. The
   * actor must have a creator profile (`creatorUserId`, null without one) and be that creator.
   */
  'payout:manage': row<{ creatorUserId: string | null }>(
    [
      'GET /api/payouts/settings',
      'PUT /api/payouts/settings',
      'GET /api/payouts/banks',
      'POST /api/payouts/account/resolve',
      'PUT /api/payouts/account',
      'POST /api/payouts/quote',
      'POST /api/wallet/payouts',
      'GET /api/payouts',
    ],
    (actor, facts) =>
      facts.creatorUserId !== null && isSelf(actor, facts.creatorUserId)
        ? null
        : refuse.forbidden(fanPaymentMessages.notCreator),
  ),
  /** Settling payouts, OTPs, exchange rates and reconciling: admins only. */
  'payout:settle': row<Record<string, never>>(
    [
      'GET /api/admin/payouts',
      'POST /api/admin/payouts/:id/paid',
      'POST /api/admin/payouts/:id/otp',
      'POST /api/admin/payouts/:id/verify',
      'GET /api/admin/exchange-rates',
      'PUT /api/admin/exchange-rates/:currency',
      'GET /api/admin/payouts/reconcile',
      'POST /api/admin/payouts/reconcile',
    ],
    (actor) => (isAdmin(actor) ? null : refuse.forbidden('Only admins can manage payouts')),
  ),
} as const;

export type Action = keyof typeof actions;
export type ResourceOf<A extends Action> = (typeof actions)[A] extends ActionRow<infer R> ? R : never;
