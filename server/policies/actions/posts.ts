/** Posts: seeing, reading, editing, deleting, reporting, pinning and voting. */

import { creatorMessages } from '../../../common/schemas/creators.ts';
import { type PostStatus, type PostVisibility, postMessages } from '../../../common/schemas/posts.ts';
import { refuse } from '../actor.ts';
import { type CreatorFacts, canViewCreator, hiddenInViewerRegion } from './creators.ts';
import { isAdmin, isSelf, row } from './row.ts';

/** A post, as its rules see it: whose it is and where it stands. */
export interface PostFacts {
  /** The actor is the post's creator. */
  isOwner: boolean;
  status: PostStatus;
}

export interface PollFacts extends PostFacts {
  /** The viewer sees the post in full (not locked to them). */
  entitled: boolean;
  ended: boolean;
  voted: boolean;
}

export const postActions = {
  /**
   * Seeing a post at all: 451 where its creator chose not to be shown (unless a block answers
   * first); its creator's page is visible to the actor (no block, approved or their own), and
   * drafts, scheduled and expired posts are their creator's alone.
   */
  'post:view': row<{ creator: CreatorFacts; blocked: boolean; status: PostStatus }>(
    [
      'GET /api/posts/:id',
      'POST /api/posts/:id/like',
      'PUT /api/posts/:id/bookmark',
      'GET /api/posts/:id/comments',
      'GET /api/comments/live',
    ],
    (actor, post) => {
      if (!post.blocked && hiddenInViewerRegion(actor.user, post.creator))
        return refuse.region(creatorMessages.regionBlocked);
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
  /** Likes are for published posts: a draft, scheduled or expired one is not found, to its creator too. */
  'post:like': row<Pick<PostFacts, 'status'>>(
    ['POST /api/posts/:id/like', 'DELETE /api/posts/:id/like'],
    (_actor, post) => (post.status === 'published' ? null : refuse.notFound(postMessages.notFound)),
  ),
  /** The queue of scheduled posts and drafts is a creator's (`isCreator`: the actor has a page). */
  'post:queue': row<{ isCreator: boolean }>(['GET /api/creators/me/queue'], (actor, facts) =>
    actor.user !== null && facts.isCreator ? null : refuse.forbidden(postMessages.onlyCreators),
  ),
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
} as const;
