import type { PostStatus, PostVisibility } from '../../common/schemas/posts.ts';
import { isAdmin } from './account.ts';
import type { Viewer } from './creators.ts';

export interface EntitlementFacts {
  isOwner: boolean;
  /** A live subscription to the post's creator. */
  isSubscriber: boolean;
  /** A pay-per-view purchase of this post. */
  hasPurchased: boolean;
}

/**
 * The one rule of who gets a post's content: public posts are everyone's; subscriber posts are the
 * owner's, admins' and live subscribers'; pay-per-view posts the owner's, admins' and buyers'.
 * Everyone else gets the blurred preview only.
 */
export function isEntitledToPost(
  viewer: Viewer | null,
  post: { visibility: PostVisibility },
  facts: EntitlementFacts,
): boolean {
  if (post.visibility === 'public' || facts.isOwner) return true;
  if (viewer !== null && isAdmin(viewer)) return true;
  return post.visibility === 'subscribers' ? facts.isSubscriber : facts.hasPurchased;
}

/** Only the creator edits a post; the creator or an admin (moderation) deletes it. */
export const canEditPost = (viewer: Viewer | null, isOwner: boolean) => viewer !== null && isOwner;
export const canDeletePost = (viewer: Viewer | null, isOwner: boolean) =>
  viewer !== null && (isOwner || isAdmin(viewer));
/** Anyone signed in reports someone else's post. */
export const canReportPost = (viewer: Viewer | null, isOwner: boolean) => viewer !== null && !isOwner;

/** Why a vote in a post's poll is refused, before the poll itself is read. */
export type PollVoteRefusal = 'signedOut' | 'ownPost' | 'notPublished' | 'locked' | 'ended' | 'voted';

/**
 * One vote per signed-in fan, while the poll is open, on a published post they may see in full;
 * the creator does not vote in their own poll. The vote route and the poll's `canVote` share it.
 */
export function pollVoteRefusal(
  viewer: Viewer | null,
  isOwner: boolean,
  facts: { status: PostStatus; entitled: boolean; ended: boolean; voted: boolean },
): PollVoteRefusal | null {
  if (viewer === null) return 'signedOut';
  if (facts.status !== 'published') return 'notPublished';
  if (isOwner) return 'ownPost';
  if (!facts.entitled) return 'locked';
  if (facts.ended) return 'ended';
  if (facts.voted) return 'voted';
  return null;
}

/** Why a pin or unpin is refused: only the creator pins, and only a published post (unpinning any). */
export type PinRefusal = 'notOwner' | 'notPublished';

export function pinRefusal(
  viewer: Viewer | null,
  isOwner: boolean,
  post: { status: PostStatus },
  pinned: boolean,
): PinRefusal | null {
  if (viewer === null || !isOwner) return 'notOwner';
  if (pinned && post.status !== 'published') return 'notPublished';
  return null;
}

/** Whether the viewer may use the post's pin toggle now: pin it, or unpin it once it is pinned. */
export const canPinPost = (
  viewer: Viewer | null,
  isOwner: boolean,
  post: { status: PostStatus; pinnedAt: Date | null },
) => pinRefusal(viewer, isOwner, post, post.pinnedAt === null) === null;
