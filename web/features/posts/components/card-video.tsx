import { Pause, Play, Volume2, VolumeX } from 'lucide-react';
import { type MouseEvent, useEffect, useRef, useState } from 'react';
import type { MediaView } from '#common/schemas/media.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useMediaQuery } from '../../../hooks/use-media-query.ts';
import { playQuietly } from './use-renewed-source.ts';
import { useVideoSource } from './use-video-source.ts';
import { handOver, onHandBack, placeOf, seekTo } from './video-handoff.ts';

interface CardVideoProps {
  media: MediaView;
  /** At least half the card is on screen (spec section 4: autoplay then, pause otherwise). */
  active: boolean;
  label: string;
  onOpen: (event: MouseEvent<HTMLButtonElement>) => void;
  /** The first card: its poster is the page's largest paint. */
  priority?: boolean;
}

/**
 * A self-hosted video in a card: muted and inline so browsers allow autoplay. It plays while in
 * view; people who ask for reduced motion start it themselves, and anyone can pause it or turn
 * its sound on. Opening it hands the position to the viewer, which continues from there.
 */
export function CardVideo({ media, active, label, onOpen, priority = false }: CardVideoProps) {
  const ref = useRef<HTMLVideoElement>(null);
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  // 'auto' follows the viewport; a press of Play or Pause overrides it until the card leaves view.
  const [choice, setChoice] = useState<'auto' | 'play' | 'pause'>(reduceMotion ? 'pause' : 'auto');
  const playing = choice === 'play' || (choice === 'auto' && active);
  // Muted until the fan turns the sound on (browsers only autoplay muted videos).
  const [muted, setMuted] = useState(true);
  // The player is loaded once the card is on screen or asked to play, not for every card of a page.
  const src = useVideoSource(ref, media, active || playing, true);

  useEffect(() => {
    if (!active) setChoice((current) => (current === 'play' ? 'auto' : current));
  }, [active]);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    if (playing) playQuietly(video);
    else video.pause();
  }, [playing]);

  useEffect(() => {
    if (ref.current) ref.current.muted = muted;
  }, [muted]);

  // The viewer, closing, gives the video back where the fan left it.
  useEffect(
    () =>
      onHandBack(media.id, (place) => {
        const video = ref.current;
        if (video) seekTo(video, place.time);
        setChoice(place.playing ? 'auto' : 'pause');
      }),
    [media.id],
  );

  function open(event: MouseEvent<HTMLButtonElement>) {
    const video = ref.current;
    if (video) {
      handOver(media.id, placeOf(video));
      // One video at a time: the viewer continues it, the card waits.
      setChoice('pause');
    }
    onOpen(event);
  }

  const poster = media.urls.poster ?? undefined;
  return (
    <>
      {/* On the server only: React puts the hint in <head> (docs/decisions/0026), so the first card's
          poster loads with the page's styles instead of after them; the browser has no use for it. */}
      {priority && poster && typeof window === 'undefined' ? (
        <link rel="preload" as="image" href={poster} fetchPriority="high" />
      ) : null}
      <button type="button" className="block size-full cursor-zoom-in" aria-label={label} onClick={open}>
        <video
          ref={ref}
          src={src}
          poster={poster}
          width={media.width ?? undefined}
          height={media.height ?? undefined}
          muted
          playsInline
          loop
          preload="metadata"
          className="size-full bg-black object-contain"
        />
      </button>
      <div className="absolute right-3 bottom-3 flex gap-2">
        <Button
          size="icon-sm"
          variant="secondary"
          className="rounded-full bg-black/60 text-white hover:bg-black/75"
          aria-label={playing ? 'Pause video' : 'Play video'}
          onClick={() => setChoice(playing ? 'pause' : 'play')}
        >
          {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
        </Button>
        <Button
          size="icon-sm"
          variant="secondary"
          className="rounded-full bg-black/60 text-white hover:bg-black/75"
          aria-label={muted ? 'Turn sound on' : 'Turn sound off'}
          onClick={() => setMuted(!muted)}
        >
          {muted ? <VolumeX aria-hidden="true" /> : <Volume2 aria-hidden="true" />}
        </Button>
      </div>
    </>
  );
}
