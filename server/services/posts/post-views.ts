import type { PostView } from '../../../common/schemas/posts.ts';
import type { Clock } from '../../lib/clock.ts';
import { actorOf, can } from '../../policies/access.ts';
import { isOwnerOf, type Viewer } from '../../policies/actions/creators.ts';
import { presentPost } from '../../presenters/post.ts';
import type { BookmarksRepository } from '../../repositories/bookmarks.repository.ts';
import type { CreatorsRepository } from '../../repositories/creators.repository.ts';
import type { EntitlementsRepository } from '../../repositories/entitlements.repository.ts';
import type { PostRow, PostsRepository } from '../../repositories/posts.repository.ts';
import type { MediaLinks } from '../media/links.ts';

/** Presents posts for one viewer, reading likes and entitlements once per page, not once per post. */
export function createPostViews(deps: {
  posts: Pick<PostsRepository, 'likedAmong' | 'extraItemsOf' | 'pollsOf'>;
  creators: Pick<CreatorsRepository, 'followedAmong'>;
  entitlements: Pick<EntitlementsRepository, 'subscribedAmong' | 'purchasedAmong'>;
  bookmarks: Pick<BookmarksRepository, 'bookmarkedAmong'>;
  links: MediaLinks;
  clock: Clock;
}) {
  return async function present(viewer: Viewer | null, rows: PostRow[]): Promise<PostView[]> {
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
    return Promise.all(
      rows.map((row) => {
        const isOwner = isOwnerOf(viewer, row.creator);
        const entitled = can(actorOf(viewer), 'post:content', {
          visibility: row.post.visibility,
          isOwner,
          isSubscriber: subscribed.has(row.creator.id),
          hasPurchased: purchased.has(row.post.id),
        });
        return presentPost(
          { ...row, extras: extras.get(row.post.id) ?? [], poll: polls.get(row.post.id) ?? null },
          {
            viewer,
            entitled,
            liked: liked.has(row.post.id),
            bookmarked: bookmarked.has(row.post.id),
            isOwner,
            isFollowing: followed ? followed.has(row.creator.id) : undefined,
            links: deps.links,
            now: deps.clock.now(),
          },
        );
      }),
    );
  };
}

export type PresentPosts = ReturnType<typeof createPostViews>;
