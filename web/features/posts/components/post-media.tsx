import { CircleAlert, LoaderCircle } from 'lucide-react';
import type { MouseEvent } from 'react';
import type { MediaView } from '#common/schemas/media.ts';
import type { PostView } from '#common/schemas/posts.ts';
import { processingMessage } from '#common/schemas/processing-message.ts';
import { formatPrice } from '../../../lib/format.ts';
import { useMediaStatus } from '../../media/index.ts';
import { itemCountsText, placeholderBackground } from '../format.ts';
import { CardVideo } from './card-video.tsx';
import { LockedMedia, LockedText } from './locked-media.tsx';
import { PostCarousel } from './post-carousel.tsx';
import { PostImage } from './post-image.tsx';
import { YouTubeEmbed } from './youtube-embed.tsx';

type ButtonHandler = (event: MouseEvent<HTMLButtonElement>) => void;

/** Width / height, kept between 4:5 and 2:1 so one tall post never fills several screens. */
export function mediaAspect({ media, youtubeId }: Pick<PostView, 'media' | 'youtubeId'>): number {
  if (media?.width && media.height) return Math.min(Math.max(media.width / media.height, 4 / 5), 2);
  return media?.kind === 'image' && !youtubeId ? 1 : 16 / 9;
}

/** The card is 672 px at most (max-w-2xl) and the full width of a phone. */
const CARD_SIZES = '(min-width: 768px) 672px, 100vw';

interface PostMediaProps {
  post: PostView;
  active: boolean;
  priority: boolean;
  onOpen: ButtonHandler;
  onUnlock: ButtonHandler;
}

/**
 * A card's full-bleed media in a box whose shape is known before anything loads (no layout shift),
 * painted with the thumbhash's placeholder meanwhile.
 */
export function PostMedia({ post, active, priority, onOpen, onUnlock }: PostMediaProps) {
  const { creator } = post;
  // The owner's post whose video is still processing: polled until it is ready (or failed).
  const media = useMediaStatus(post.media);
  // A text post has no media box: its text is the card's body, or while locked a placeholder.
  if (post.textOnly) {
    if (!post.locked) return null;
    const price = post.visibility === 'pay_per_view' && post.price ? formatPrice(post.price) : null;
    return <LockedText price={price} onUnlock={onUnlock} />;
  }
  if (!post.locked && !post.youtubeId && !media) return null;
  return (
    <div
      className="relative w-full overflow-hidden bg-muted bg-cover bg-center"
      style={{
        aspectRatio: mediaAspect(post),
        ...placeholderBackground(media?.placeholder),
      }}
    >
      {post.locked ? (
        <LockedMedia
          media={media}
          onUnlock={onUnlock}
          {...(post.itemCounts.photos + post.itemCounts.videos > 1
            ? { counts: itemCountsText(post.itemCounts) }
            : {})}
        />
      ) : post.items.length > 1 ? (
        <PostCarousel
          items={post.items}
          active={active}
          creatorName={creator.displayName}
          priority={priority}
          onOpen={onOpen}
        />
      ) : post.youtubeId ? (
        <YouTubeEmbed
          youtubeId={post.youtubeId}
          active={active}
          title={`YouTube video posted by ${creator.displayName}`}
          onOpen={onOpen}
        />
      ) : media && media.status !== 'ready' ? (
        <MediaPending media={media} />
      ) : media?.kind === 'video' ? (
        <CardVideo
          media={media}
          active={active}
          priority={priority}
          label={`Open video by ${creator.displayName}`}
          onOpen={onOpen}
        />
      ) : media ? (
        <button
          type="button"
          className="block size-full cursor-zoom-in"
          aria-label={`Open photo by ${creator.displayName}`}
          onClick={onOpen}
        >
          <PostImage media={media} alt="" sizes={CARD_SIZES} priority={priority} className="object-cover" />
        </button>
      ) : null}
    </div>
  );
}

/** Only the owner sees a post whose upload is still being processed, or failed (with the reason). */
function MediaPending({ media }: { media: MediaView }) {
  const failed = media.status === 'failed';
  const Icon = failed ? CircleAlert : LoaderCircle;
  return (
    <div
      role="status"
      className="absolute inset-0 flex flex-col items-center justify-center gap-1 p-4 text-center text-sm text-muted-foreground"
    >
      <Icon
        aria-hidden="true"
        className={failed ? 'mb-1 size-6 text-destructive' : 'mb-1 size-6 motion-safe:animate-spin'}
      />
      {failed ? (
        <>
          <span className="font-medium text-foreground">This upload could not be processed.</span>
          {media.failureReason ? <span>{media.failureReason}</span> : null}
        </>
      ) : (
        <>
          <span className="font-medium text-foreground">{processingMessage}</span>
          <span>Your {media.kind === 'video' ? 'video' : 'photo'} appears here when it is ready.</span>
        </>
      )}
    </div>
  );
}
