import type { PollView, PostView } from '../../../common/schemas/posts.ts';
import { postPricing } from '../../../common/schemas/posts.ts';
import { actorOf, can } from '../../policies/access.ts';
import type { Viewer } from '../../policies/actions/creators.ts';
import type { PollRow, PostRow } from '../../repositories/posts/index.ts';
import type { MediaLinks } from '../../services/media/links.ts';
import { presentCreatorSummary } from '../creators/creator.ts';
import { presentMedia } from '../media/media.ts';

/**
 * Counts only once the viewer voted or the poll ended; the creator always sees them. Presented only
 * to a viewer entitled to the post (a locked post has no poll in its answer).
 */
export function presentPoll(
  poll: PollRow,
  context: { viewer: Viewer | null; isOwner: boolean; status: PostRow['post']['status']; now: Date },
): PollView {
  const { isOwner } = context;
  const ended = poll.endsAt.getTime() <= context.now.getTime();
  const results = isOwner || ended || poll.myVote !== null;
  return {
    options: poll.options.map((text, index) => ({ text, votes: results ? (poll.counts[index] ?? 0) : null })),
    endsAt: poll.endsAt.toISOString(),
    ended,
    myVote: poll.myVote,
    totalVotes: results ? poll.counts.reduce((sum, votes) => sum + votes, 0) : null,
    canVote: can(actorOf(context.viewer), 'post:vote', {
      isOwner,
      status: context.status,
      entitled: true,
      ended,
      voted: poll.myVote !== null,
    }),
  };
}

/**
 * A post for one viewer. Not entitled: the media carries only its blurred preview and thumbhash,
 * and the YouTube id is withheld, so nothing of the content itself leaves the server. A media
 * post's description is its caption, shown to all who see the post; a text post's description is
 * its content, withheld like media.
 */
export async function presentPost(
  row: PostRow,
  context: {
    viewer: Viewer | null;
    entitled: boolean;
    liked: boolean;
    bookmarked: boolean;
    isOwner: boolean;
    /** Known for a signed-in viewer only. */
    isFollowing: boolean | undefined;
    links: MediaLinks;
    /** Whether a poll has ended. */
    now: Date;
  },
): Promise<PostView> {
  const { post, creator } = row;
  const all = [row.media, ...(row.extras ?? [])].filter((item) => item !== null);
  const { textOnly } = post;
  // The number and kind of items is shown before unlocking; the items themselves only after.
  const items = context.entitled
    ? await Promise.all(
        all.map((item) =>
          presentMedia(item, { entitled: true, links: context.links, viewerId: context.viewer?.id ?? null }),
        ),
      )
    : [];
  const media = row.media
    ? await presentMedia(row.media, {
        entitled: can(actorOf(context.viewer), 'media:full', {
          media: row.media,
          isEntitled: context.entitled,
        }),
        links: context.links,
        viewerId: context.viewer?.id ?? null,
      })
    : null;
  return {
    id: post.id,
    creator: presentCreatorSummary(creator, context.isFollowing),
    description: textOnly && !context.entitled ? '' : post.description,
    media,
    items,
    itemCounts: {
      photos: all.filter((item) => item.kind === 'image').length,
      videos: all.filter((item) => item.kind === 'video').length,
    },
    poll:
      row.poll && context.entitled
        ? presentPoll(row.poll, {
            viewer: context.viewer,
            isOwner: context.isOwner,
            status: post.status,
            now: context.now,
          })
        : null,
    youtubeId: context.entitled ? post.youtubeId : null,
    textOnly,
    visibility: post.visibility,
    price: post.priceCents === null ? null : { amount: post.priceCents, currency: postPricing.currency },
    locked: !context.entitled,
    likes: post.likeCount,
    liked: context.liked,
    commentCount: post.commentCount,
    bookmarked: context.bookmarked,
    isOwner: context.isOwner,
    canEdit: can(actorOf(context.viewer), 'post:edit', { isOwner: context.isOwner }),
    canDelete: can(actorOf(context.viewer), 'post:delete', { isOwner: context.isOwner }),
    canReport: can(actorOf(context.viewer), 'post:report', { isOwner: context.isOwner }),
    // The toggle: pin a post that is not pinned, unpin one that is.
    canPin: can(actorOf(context.viewer), 'post:pin', {
      isOwner: context.isOwner,
      status: post.status,
      pinned: post.pinnedAt === null,
    }),
    status: post.status,
    publishAt: post.publishAt ? post.publishAt.toISOString() : null,
    expiresAt: post.expiresAt ? post.expiresAt.toISOString() : null,
    pinned: post.pinnedAt !== null,
    createdAt: post.createdAt.toISOString(),
  };
}
