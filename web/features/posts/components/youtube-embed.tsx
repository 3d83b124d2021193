import { Maximize2 } from 'lucide-react';
import type { MouseEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';

const EMBED_ORIGIN = 'https://www.youtube-nocookie.com';

/** The privacy-enhanced player; autoplay (muted, as browsers require) is a URL parameter. */
export function youtubeEmbedUrl(youtubeId: string, autoplay: boolean): string {
  const params = new URLSearchParams({ playsinline: '1', rel: '0', modestbranding: '1' });
  if (autoplay) {
    params.set('autoplay', '1');
    params.set('mute', '1');
  }
  return `${EMBED_ORIGIN}/embed/${encodeURIComponent(youtubeId)}?${params}`;
}

interface YouTubeEmbedProps {
  youtubeId: string;
  /** In view: the spec adds the autoplay parameter, and removes it when the card leaves. */
  active: boolean;
  title: string;
  onOpen: (event: MouseEvent<HTMLButtonElement>) => void;
}

/** Clicks inside the frame belong to YouTube, so opening the large viewer has its own button. */
export function YouTubeEmbed({ youtubeId, active, title, onOpen }: YouTubeEmbedProps) {
  return (
    <>
      <iframe
        src={youtubeEmbedUrl(youtubeId, active)}
        title={title}
        loading="lazy"
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        // YouTube refuses embeds that send no referrer.
        referrerPolicy="strict-origin-when-cross-origin"
        className="size-full border-0"
      />
      <Button
        size="icon-sm"
        variant="secondary"
        className="absolute top-3 right-3 rounded-full bg-black/60 text-white hover:bg-black/75"
        aria-label="Open video full size"
        onClick={onOpen}
      >
        <Maximize2 aria-hidden="true" />
      </Button>
    </>
  );
}
