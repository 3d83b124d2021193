import type { PostVisibility } from '../../common/schemas/posts.ts';
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
export const canEditPost = (viewer: Viewer, isOwner: boolean) => isOwner && viewer !== null;
export const canDeletePost = (viewer: Viewer, isOwner: boolean) => isOwner || isAdmin(viewer);
