import { isAdmin } from './account.ts';
import type { Viewer } from './creators.ts';

/**
 * Who may do what with comments. Seeing them follows the post itself (posts.service `visible`:
 * a post's page across a block is not found, so neither are its comments); comments between two
 * users on either side of a block are hidden from each other (comments.repository).
 */
export interface CommentFacts {
  authorId: string;
  /** The post's creator (their user id). */
  postOwnerId: string;
}

/** The author deletes their own comment; the creator any comment on their posts; admins moderate. */
export const canDeleteComment = (viewer: Viewer | null, comment: CommentFacts) =>
  viewer !== null && (viewer.id === comment.authorId || viewer.id === comment.postOwnerId || isAdmin(viewer));

/** Only the post's creator turns its comments on or off. */
export const canModerateComments = (viewer: Viewer | null, postOwnerId: string) =>
  viewer !== null && viewer.id === postOwnerId;

/**
 * Writing needs a signed-in viewer and comments turned on; the creator may still write on their
 * own post with comments off (to answer what is there).
 */
export const canWriteComment = (viewer: Viewer | null, facts: { postOwnerId: string; enabled: boolean }) =>
  viewer !== null && (facts.enabled || viewer.id === facts.postOwnerId);
