import { useLayoutEffect, useRef, useState } from 'react';
import type { MediaView } from '#common/schemas/media.ts';
import type { PostView } from '#common/schemas/posts.ts';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { closeWith, type PostDialogProps, returnFocus } from './dialog-props.ts';
import { PostImage } from './post-image.tsx';
import { playQuietly } from './use-renewed-source.ts';
import { useVideoSource } from './use-video-source.ts';
import { handBack, placeOf, seekTo, takeOver } from './video-handoff.ts';
import { youtubeEmbedUrl } from './youtube-embed.tsx';

/**
 * The large viewer opened from a card or tile (spec section 2, Discover): videos with controls,
 * autoplay and loop. Loaded on first use, so the feed's own JavaScript stays small. The close
 * button stays visible on phones, over the media.
 */
export function MediaViewerDialog({ post, onClose, returnFocusTo }: PostDialogProps) {
  return (
    <Dialog open onOpenChange={closeWith(onClose)}>
      <DialogContent
        onCloseAutoFocus={returnFocus(returnFocusTo)}
        className="w-[calc(100%-1rem)] max-w-5xl gap-0 overflow-hidden border-0 bg-black p-0 text-white [&>button:last-child]:z-10 [&>button:last-child]:rounded-full [&>button:last-child]:bg-black/60 [&>button:last-child]:p-2 [&>button:last-child]:text-white"
      >
        <DialogTitle className="sr-only">Post by {post.creator.displayName}</DialogTitle>
        <DialogDescription className="sr-only">
          {post.description || `A post by @${post.creator.handle}`}
        </DialogDescription>
        <ViewerMedia post={post} />
      </DialogContent>
    </Dialog>
  );
}

function ViewerMedia({ post }: { post: PostView }) {
  const { media, creator } = post;
  if (post.youtubeId) {
    return (
      <iframe
        src={youtubeEmbedUrl(post.youtubeId, true)}
        title={`YouTube video posted by ${creator.displayName}`}
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        className="aspect-video w-full border-0"
      />
    );
  }
  if (!media) return null;
  if (media.kind === 'video') return <ViewerVideo media={media} />;
  return (
    <PostImage
      media={media}
      alt={`Photo by ${creator.displayName}`}
      sizes="100vw"
      priority
      className="max-h-[85dvh] object-contain"
    />
  );
}

/** Continues where the card left the video (paused if it was), and hands the position back on close. */
function ViewerVideo({ media }: { media: MediaView }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [from] = useState(() => takeOver(media.id));
  const src = useVideoSource(ref, media);
  // A layout effect: its cleanup runs before the closed dialog's element is removed, which pauses it.
  useLayoutEffect(() => {
    const video = ref.current;
    if (!video) return;
    if (from) {
      seekTo(video, from.time);
      if (from.playing) playQuietly(video);
    }
    return () => {
      const place = placeOf(video);
      // Only when the viewer really closes (StrictMode also runs this cleanup and sets it up again).
      queueMicrotask(() => {
        if (!video.isConnected) handBack(media.id, place);
      });
    };
  }, [from, media.id]);
  return (
    // biome-ignore lint/a11y/useMediaCaption: uploads carry no caption track yet; the post's text is the dialog's description
    <video
      ref={ref}
      src={src}
      poster={media.urls.poster ?? undefined}
      controls
      autoPlay={from?.playing ?? true}
      loop
      playsInline
      className="max-h-[85dvh] w-full bg-black object-contain"
    />
  );
}
