import { LoaderCircle, Play } from 'lucide-react';
import type { MediaView } from '#common/schemas/media.ts';
import { PostImage } from '../../posts/index.ts';

/** A vault item's small square picture: the photo, or the video's poster with a play mark. */
export function VaultThumb({ media }: { media: MediaView }) {
  if (media.status !== 'ready')
    return (
      <span className="flex size-full items-center justify-center bg-muted text-xs text-muted-foreground">
        <LoaderCircle aria-hidden="true" className="size-5 motion-safe:animate-spin" />
        <span className="sr-only">Still being processed</span>
      </span>
    );
  if (media.kind === 'video')
    return (
      <span className="relative block size-full bg-black">
        {media.urls.poster ? (
          <img src={media.urls.poster} alt="" className="size-full object-cover" loading="lazy" />
        ) : null}
        <Play
          aria-hidden="true"
          className="absolute right-1.5 bottom-1.5 size-4 fill-white text-white drop-shadow"
        />
      </span>
    );
  return <PostImage media={media} alt="" sizes="200px" className="size-full object-cover" />;
}
