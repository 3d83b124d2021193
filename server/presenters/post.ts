import type { PostView } from '../../common/schemas/posts.ts';
import { postPricing } from '../../common/schemas/posts.ts';
import type { Viewer } from '../policies/creators.ts';
import { mediaAccess } from '../policies/media.ts';
import type { PostRow } from '../repositories/posts.repository.ts';
import type { MediaLinks } from '../services/media/links.ts';
import { presentCreatorSummary } from './creator.ts';
import { presentMedia } from './media.ts';

/**
 * A post for one viewer. Not entitled: the media carries only its blurred preview and thumbhash,
 * and the YouTube id is withheld, so nothing of the content itself leaves the server.
 */
export async function presentPost(
  row: PostRow,
  context: {
    viewer: Viewer | null;
    entitled: boolean;
    liked: boolean;
    isOwner: boolean;
    /** Known for a signed-in viewer only. */
    isFollowing: boolean | undefined;
    links: MediaLinks;
  },
): Promise<PostView> {
  const { post, creator } = row;
  const media = row.media
    ? await presentMedia(row.media, {
        entitled: mediaAccess(context.viewer, row.media, { isEntitled: context.entitled }) === 'full',
        links: context.links,
      })
    : null;
  return {
    id: post.id,
    creator: presentCreatorSummary(creator, context.isFollowing),
    description: post.description,
    media,
    youtubeId: context.entitled ? post.youtubeId : null,
    visibility: post.visibility,
    price: post.priceCents === null ? null : { amount: post.priceCents, currency: postPricing.currency },
    locked: !context.entitled,
    likes: post.likeCount,
    liked: context.liked,
    isOwner: context.isOwner,
    createdAt: post.createdAt.toISOString(),
  };
}
