import { creatorMessages } from '../../common/schemas/creators.ts';
import { AppError, forbidden, notFound } from '../errors.ts';
import { regionBlocked } from '../lib/viewer-region.ts';
import type { CreatorRecord } from '../repositories/creators.repository.ts';
import type { UserRecord } from '../repositories/users.repository.ts';
import { isAdmin } from './account.ts';

export type Viewer = Pick<UserRecord, 'id' | 'role'>;
/** What the creator rules need to know of a creator's page. */
export type CreatorFacts = Pick<CreatorRecord, 'userId' | 'status'> & {
  blockedCountries?: readonly string[] | null;
};

export const isOwnerOf = (viewer: Viewer | null, creator: CreatorFacts) =>
  viewer !== null && viewer.id === creator.userId;

/**
 * An approved creator's page is everyone's except across a block; a page in review or rejected is
 * its owner's and the admins' only. To anyone else it does not exist.
 */
export function canViewCreator(viewer: Viewer | null, creator: CreatorFacts, blocked: boolean): boolean {
  if (isOwnerOf(viewer, creator) || (viewer !== null && isAdmin(viewer))) return true;
  return creator.status === 'approved' && !blocked && !regionBlocked(creator.blockedCountries);
}

/**
 * Whether the creator chose not to be shown in the visitor's country (their address, following
 * TRUST_PROXY). The creator themself and admins are exempt.
 */
export function hiddenInViewerRegion(viewer: Viewer | null, creator: CreatorFacts): boolean {
  if (isOwnerOf(viewer, creator) || (viewer !== null && isAdmin(viewer))) return false;
  return creator.status === 'approved' && regionBlocked(creator.blockedCountries);
}

/**
 * A creator who chose not to be shown in the visitor's country: 451 with the region message, on
 * their page and on everything sold from it (tips, unlocks, subscriptions, offers and plans).
 */
export function assertNotRegionBlocked(viewer: Viewer | null, creator: CreatorFacts): void {
  if (hiddenInViewerRegion(viewer, creator))
    throw new AppError('REGION_BLOCKED', creatorMessages.regionBlocked);
}

export function assertCanViewCreator(viewer: Viewer | null, creator: CreatorFacts, blocked: boolean): void {
  if (!blocked) assertNotRegionBlocked(viewer, creator);
  if (!canViewCreator(viewer, creator, blocked)) throw notFound(creatorMessages.creatorNotFound);
}

/**
 * The viewer blocked this approved creator: they may be told so (it is their own choice), with
 * whom to unblock. A block the other way, or a page not open to visitors, stays 'not found'.
 */
export function assertNotBlockedByViewer(
  viewer: Viewer | null,
  creator: CreatorFacts & Pick<CreatorRecord, 'displayName'>,
  viewerBlockedThem: boolean,
): void {
  if (!viewer || isOwnerOf(viewer, creator) || creator.status !== 'approved' || !viewerBlockedThem) return;
  throw new AppError('BLOCKED_BY_YOU', `You blocked ${creator.displayName}`, {
    fields: { userId: creator.userId },
  });
}

/** Why following is refused (null: it is not): yourself, a block either way, a page not approved. */
export function followRefusal(viewer: Viewer | null, creator: CreatorFacts, blocked: boolean): string | null {
  if (isOwnerOf(viewer, creator)) return creatorMessages.cannotFollowSelf;
  if (blocked || creator.status !== 'approved') return creatorMessages.cannotFollow;
  return null;
}

/** Following needs an approved creator who is not yourself and with no block either way. */
export function assertCanFollow(viewer: Viewer, creator: CreatorFacts, blocked: boolean): void {
  const refusal = followRefusal(viewer, creator, blocked);
  if (refusal) throw forbidden(refusal);
}

/**
 * The page's follow toggle: whoever may follow (a visitor is asked to sign in first), and whoever
 * already follows, who may always unfollow.
 */
export const canFollowCreator = (
  viewer: Viewer | null,
  creator: CreatorFacts,
  facts: { blocked: boolean; isFollowing: boolean },
) =>
  !isOwnerOf(viewer, creator) &&
  (facts.isFollowing || followRefusal(viewer, creator, facts.blocked) === null);

/** Reporting or blocking the page's creator: anyone but the creator (a visitor is asked to sign in). */
export const canReportCreator = (viewer: Viewer | null, creator: CreatorFacts) => !isOwnerOf(viewer, creator);

/** The creator edits their own page. */
export const canEditCreator = (viewer: Viewer | null, creator: CreatorFacts) => isOwnerOf(viewer, creator);

/**
 * Anyone but the creator may open a conversation from the page (a visitor is asked to sign in
 * first); whether they may write in it is server/policies/messages.ts's answer.
 */
export const canMessageCreator = (viewer: Viewer | null, creator: CreatorFacts) =>
  !isOwnerOf(viewer, creator);

/** Only rejection reasons for the creator themselves and admins. */
export const canSeeReviewNotes = (viewer: Viewer | null, creator: CreatorFacts) =>
  isOwnerOf(viewer, creator) || (viewer !== null && isAdmin(viewer));
