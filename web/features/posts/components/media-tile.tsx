import { CircleAlert, LoaderCircle, Play } from 'lucide-react';
import type { PostView } from '#common/schemas/posts.ts';
import { placeholderBackground } from '../format.ts';
import { LockedMedia } from './locked-media.tsx';
import { PostDialogHost, usePostDialog } from './post-dialogs.tsx';
import { PostImage } from './post-image.tsx';

/** Three tiles to a row in a column of at most 768 px (max-w-3xl). */
const TILE_SIZES = '(min-width: 768px) 256px, 33vw';

/** The picture a tile shows: a photo, a video's poster frame, or YouTube's thumbnail. */
function TilePicture({ post }: { post: PostView }) {
  const { media } = post;
  if (media?.kind === 'image') {
    return <PostImage media={media} alt="" sizes={TILE_SIZES} className="object-cover" />;
  }
  const poster =
    media?.urls.poster ?? (post.youtubeId ? `https://i.ytimg.com/vi/${post.youtubeId}/hqdefault.jpg` : null);
  return poster ? (
    <img src={poster} alt="" loading="lazy" decoding="async" className="size-full object-cover" />
  ) : null;
}

/**
 * A square in the Media tab (spec section 3 "Media tile"): blurred with Unlock when locked, the
 * video icon on videos, and the large viewer on click.
 */
export function MediaTile({ post }: { post: PostView }) {
  const dialog = usePostDialog();
  const { media, creator } = post;
  const isVideo = media?.kind === 'video' || post.youtubeId !== null;
  const noun = isVideo ? 'video' : 'photo';
  const pending = !post.locked && media !== null && media.status !== 'ready';

  return (
    <li
      className="relative aspect-square overflow-hidden bg-muted bg-cover bg-center"
      style={placeholderBackground(media?.placeholder)}
    >
      {post.locked ? (
        <LockedMedia
          media={media}
          compact
          label={`Unlock ${noun} by ${creator.displayName}`}
          onUnlock={(event) => dialog.open('unlock', event.currentTarget)}
        />
      ) : pending ? (
        <span className="flex size-full items-center justify-center text-muted-foreground">
          {media?.status === 'failed' ? (
            <CircleAlert aria-label="Upload failed" className="size-6 text-destructive" />
          ) : (
            <LoaderCircle aria-label="Processing" className="size-6 motion-safe:animate-spin" />
          )}
        </span>
      ) : (
        <button
          type="button"
          className="block size-full cursor-zoom-in focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
          aria-label={`Open ${noun}${post.description ? `: ${post.description.slice(0, 80)}` : ''}`}
          onClick={(event) => dialog.open('viewer', event.currentTarget)}
        >
          <TilePicture post={post} />
        </button>
      )}
      {isVideo && !post.locked ? (
        <Play
          aria-hidden="true"
          className="pointer-events-none absolute top-2 right-2 size-5 fill-white text-white drop-shadow"
        />
      ) : null}
      <PostDialogHost post={post} dialog={dialog} />
    </li>
  );
}
