/** Creators: seeing a creator's page and where it is shown, following, editing, and posting as one. */
import { creatorMessages } from '../../../common/schemas/creators.ts';
import { priceChangeMessages } from '../../../common/schemas/fan-payments.ts';
import { messageMessages } from '../../../common/schemas/messages.ts';
import { postMessages } from '../../../common/schemas/posts.ts';
import { regionBlocked } from '../../lib/viewer-region.ts';
import type { UserRecord } from '../../repositories/auth/users.repository.ts';
import type { CreatorRecord } from '../../repositories/creators/creators.repository.ts';
import { type Actor, type Refusal, refuse } from '../actor.ts';
import { isAdmin, row } from './row.ts';

export type Viewer = Pick<UserRecord, 'id' | 'role'>;
/** What the creator rules need to know of a creator's page. */
export type CreatorFacts = Pick<CreatorRecord, 'userId' | 'status'> & {
  blockedCountries?: readonly string[] | null;
};

/** The viewer is the page's creator: a fact the rules and the presenters weigh. */
export const isOwnerOf = (viewer: Viewer | null, creator: Pick<CreatorFacts, 'userId'>) =>
  viewer !== null && viewer.id === creator.userId;

const ownerOrAdmin = (actor: Actor, creator: CreatorFacts) =>
  isOwnerOf(actor.user, creator) || isAdmin(actor);

/**
 * An approved creator's page is everyone's except across a block; a page in review or rejected is
 * its owner's and the admins' only. To anyone else it does not exist. (Shared by the rows that
 * see a page: 'creator:view' here and 'post:view'.)
 */
export function canViewCreator(viewer: Viewer | null, creator: CreatorFacts, blocked: boolean): boolean {
  if (ownerOrAdmin({ user: viewer, actingFor: null }, creator)) return true;
  return creator.status === 'approved' && !blocked && !regionBlocked(creator.blockedCountries);
}

/**
 * Whether the creator chose not to be shown in the visitor's country (their address, following
 * TRUST_PROXY). The creator themself and admins are exempt. (Shared by 'creator:region' and 'creator:pay'.)
 */
export function hiddenInViewerRegion(viewer: Viewer | null, creator: CreatorFacts): boolean {
  if (ownerOrAdmin({ user: viewer, actingFor: null }, creator)) return false;
  return creator.status === 'approved' && regionBlocked(creator.blockedCountries);
}

/** Why following is refused (null: it is not): yourself, a block either way, a page not approved. */
function followRefusal(actor: Actor, creator: CreatorFacts, blocked: boolean): Refusal | null {
  if (isOwnerOf(actor.user, creator)) return refuse.forbidden(creatorMessages.cannotFollowSelf);
  if (blocked || creator.status !== 'approved') return refuse.forbidden(creatorMessages.cannotFollow);
  return null;
}

export const creatorActions = {
  /**
   * A creator who chose not to be shown in the visitor's country: 451 with the region message, on
   * their page, their posts and media, and on everything sold from it.
   */
  'creator:region': row<{ creator: CreatorFacts }>(
    ['GET /api/creators/:handle', 'GET /api/creators/:handle/posts', 'GET /api/posts/:id'],
    (actor, { creator }) =>
      hiddenInViewerRegion(actor.user, creator) ? refuse.region(creatorMessages.regionBlocked) : null,
  ),
  /**
   * Seeing a creator's page: 451 where they chose not to be shown (unless a block answers first),
   * not found to whoever may not see it (canViewCreator). `viewerBlockedThem` (asked on the page
   * itself): the viewer blocked this approved creator, and may be told so, with whom to unblock; a
   * block the other way stays "not found".
   */
  'creator:view': row<{
    creator: CreatorFacts & { displayName?: string };
    blocked: boolean;
    viewerBlockedThem?: boolean;
  }>(
    [
      'GET /api/creators/:handle',
      'POST /api/creators/:handle/follow',
      'DELETE /api/creators/:handle/follow',
      'GET /api/creators/:handle/posts',
    ],
    (actor, { creator, blocked, viewerBlockedThem }) => {
      if (
        viewerBlockedThem &&
        actor.user !== null &&
        !isOwnerOf(actor.user, creator) &&
        creator.status === 'approved'
      )
        return {
          code: 'BLOCKED_BY_YOU',
          message: `You blocked ${creator.displayName}`,
          fields: { userId: creator.userId },
        };
      if (!blocked && hiddenInViewerRegion(actor.user, creator))
        return refuse.region(creatorMessages.regionBlocked);
      if (!canViewCreator(actor.user, creator, blocked))
        return refuse.notFound(creatorMessages.creatorNotFound);
      return null;
    },
  ),
  /** Following needs an approved creator who is not yourself and with no block either way. */
  'creator:follow': row<{ creator: CreatorFacts; blocked: boolean }>(
    ['POST /api/creators/:handle/follow'],
    (actor, { creator, blocked }) => {
      if (actor.user === null) return refuse.forbidden(creatorMessages.cannotFollow);
      return followRefusal(actor, creator, blocked);
    },
  ),
  /**
   * The page's follow toggle: whoever may follow (a visitor is asked to sign in first), and whoever
   * already follows, who may always unfollow. Asked with `can` by the page's presenter.
   */
  'creator:follow-toggle': row<{ creator: CreatorFacts; blocked: boolean; isFollowing: boolean }>(
    ['POST /api/creators/:handle/follow', 'DELETE /api/creators/:handle/follow'],
    (actor, { creator, blocked, isFollowing }) => {
      if (isOwnerOf(actor.user, creator)) return refuse.forbidden(creatorMessages.cannotFollowSelf);
      return isFollowing ? null : followRefusal(actor, creator, blocked);
    },
  ),
  /** The creator edits their own page (the page's edit button). */
  'creator:edit': row<{ creator: CreatorFacts }>(['PATCH /api/creators/me'], (actor, { creator }) =>
    isOwnerOf(actor.user, creator) ? null : refuse.forbidden(creatorMessages.notCreator),
  ),
  /**
   * The creator changes their own monthly price (PUT /api/creators/me/price): their own page only,
   * once it is approved (onboarding sets the first price).
   */
  'creator:price': row<{ creator: CreatorFacts | null }>(
    ['PUT /api/creators/me/price'],
    (actor, { creator }) => {
      if (!creator || !isOwnerOf(actor.user, creator))
        return refuse.forbidden(priceChangeMessages.notCreator);
      return creator.status === 'approved' ? null : refuse.forbidden(priceChangeMessages.notApproved);
    },
  ),
  /**
   * Anyone but the creator may open a conversation from the page (a visitor is asked to sign in
   * first); whether they may write in it is the messages rules' answer.
   */
  'creator:message': row<{ creator: CreatorFacts }>(['POST /api/conversations'], (actor, { creator }) =>
    isOwnerOf(actor.user, creator) ? refuse.forbidden(messageMessages.yourself) : null,
  ),
  /** Reporting or blocking the page's creator: anyone but the creator (a visitor is asked to sign in). */
  'creator:report': row<{ creator: CreatorFacts }>(['POST /api/reports'], (actor, { creator }) =>
    isOwnerOf(actor.user, creator) ? refuse.forbidden('You cannot report your own page') : null,
  ),
  /** Rejection reasons are for the creator themselves and admins only. */
  'creator:review-notes': row<{ creator: CreatorFacts }>(
    ['GET /api/creators/:handle', 'GET /api/creators/me'],
    (actor, { creator }) =>
      ownerOrAdmin(actor, creator) ? null : refuse.notFound(creatorMessages.creatorNotFound),
  ),
  /** Onboarding is for becoming a creator: someone who has a page already is told so (409). */
  'creator:onboard': row<{ isCreator: boolean }>(
    ['PUT /api/creators/onboarding', 'POST /api/creators/onboarding/complete'],
    (_actor, facts) => (facts.isCreator ? refuse.conflict(creatorMessages.alreadyCreator) : null),
  ),
  /**
   * Posting: creators only (`creator`: the actor's page, null without one), and only once their page
   * is approved (a page in review or rejected is seen by nobody else: its posts would wait unseen).
   */
  'creator:publish': row<{ creator: CreatorFacts | null }>(['POST /api/posts'], (actor, { creator }) => {
    if (!creator || !isOwnerOf(actor.user, creator)) return refuse.forbidden(postMessages.onlyCreators);
    return creator.status === 'approved' ? null : refuse.forbidden(postMessages.notApproved);
  }),
} as const;
