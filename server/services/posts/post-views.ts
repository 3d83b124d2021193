import type { PostView } from '../../../common/schemas/posts.ts';
import type { Clock } from '../../lib/clock.ts';
import { actorOf, can } from '../../policies/access.ts';
import { isOwnerOf, type Viewer } from '../../policies/actions/creators.ts';
import type { EntitlementsRepository } from '../../repositories/billing/fan-payments/entitlements.repository.ts';
import type { CreatorsRepository } from '../../repositories/creators/creators.repository.ts';
import type { BookmarksRepository } from '../../repositories/engagement/bookmarks.repository.ts';
import type { PostRow, PostsRepository } from '../../repositories/posts/index.ts';

/**
 * What a post card says about one post to one viewer, as facts: the row with its later media and
 * poll read, and the viewer's standing (entitled, liked, bookmarked, owner, following). The
 * presenter (server/presenters/posts/post-views.ts) turns these into the answer.
 */
export interface PostFacts {
  /** The row, its `extras` and `poll` read. */
  row: PostRow;
  /** May this viewer see the content itself (the `post:content` rule)? */
  entitled: boolean;
  liked: boolean;
  bookmarked: boolean;
  isOwner: boolean;
  /** Known for a signed-in viewer only. */
  isFollowing: boolean | undefined;
}

/** Gathers the facts of posts for one viewer, reading likes and entitlements once per page, not once per post. */
export function createPostFacts(deps: {
  posts: Pick<PostsRepository, 'likedAmong' | 'extraItemsOf' | 'pollsOf'>;
  creators: Pick<CreatorsRepository, 'followedAmong'>;
  entitlements: Pick<EntitlementsRepository, 'subscribedAmong' | 'purchasedAmong'>;
  bookmarks: Pick<BookmarksRepository, 'bookmarkedAmong'>;
  clock: Clock;
}) {
  return async function factsOf(viewer: Viewer | null, rows: PostRow[]): Promise<PostFacts[]> {
    const postIds = rows.map((row) => row.post.id);
    const creatorIds = [...new Set(rows.map((row) => row.creator.id))];
    // A feed page read for this viewer already carries each post's state (PostRow.viewer).
    const carried = viewer && rows.every((row) => row.viewer !== undefined);
    const only = (
      flag: 'liked' | 'subscribed' | 'purchased' | 'following' | 'bookmarked',
      id: (row: PostRow) => string,
    ) => new Set(rows.filter((row) => row.viewer?.[flag]).map(id));
    const [liked, subscribed, purchased, followed, bookmarked] = carried
      ? [
          only('liked', (row) => row.post.id),
          only('subscribed', (row) => row.creator.id),
          only('purchased', (row) => row.post.id),
          only('following', (row) => row.creator.id),
          only('bookmarked', (row) => row.post.id),
        ]
      : viewer
        ? await Promise.all([
            deps.posts.likedAmong(viewer.id, postIds),
            deps.entitlements.subscribedAmong(viewer.id, creatorIds, deps.clock.now()),
            deps.entitlements.purchasedAmong(viewer.id, postIds),
            deps.creators.followedAmong(viewer.id, creatorIds),
            deps.bookmarks.bookmarkedAmong(viewer.id, postIds),
          ])
        : [new Set<string>(), new Set<string>(), new Set<string>(), null, new Set<string>()];
    // A feed page's statement also read each post's later media and poll (PostRow.extras, .poll).
    const nested = rows.every((row) => row.extras !== undefined && row.poll !== undefined);
    const [extras, polls] = nested
      ? [
          new Map(rows.map((row) => [row.post.id, row.extras ?? []])),
          new Map(rows.flatMap((row) => (row.poll ? [[row.post.id, row.poll] as const] : []))),
        ]
      : await Promise.all([deps.posts.extraItemsOf(postIds), deps.posts.pollsOf(postIds, viewer?.id)]);
    return rows.map((row) => {
      const isOwner = isOwnerOf(viewer, row.creator);
      return {
        row: { ...row, extras: extras.get(row.post.id) ?? [], poll: polls.get(row.post.id) ?? null },
        entitled: can(actorOf(viewer), 'post:content', {
          visibility: row.post.visibility,
          isOwner,
          isSubscriber: subscribed.has(row.creator.id),
          hasPurchased: purchased.has(row.post.id),
        }),
        liked: liked.has(row.post.id),
        bookmarked: bookmarked.has(row.post.id),
        isOwner,
        isFollowing: followed ? followed.has(row.creator.id) : undefined,
      };
    });
  };
}

export type ReadPostFacts = ReturnType<typeof createPostFacts>;

/**
 * Posts as one viewer sees them: their facts read (above), then presented. Built in
 * server/modules/posts.ts and handed to the endpoints that answer posts.
 */
export type PresentPosts = (viewer: Viewer | null, rows: PostRow[]) => Promise<PostView[]>;
