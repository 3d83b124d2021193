import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type KeyboardEvent, type MouseEvent, useEffect, useRef, useState } from 'react';
import type { MediaView } from '#common/schemas/media.ts';
import { Button } from '../../../components/ui/button.tsx';
import { placeholderBackground } from '../format.ts';
import { CardVideo } from './card-video.tsx';
import { PostImage } from './post-image.tsx';

const CARD_SIZES = '(min-width: 768px) 672px, 100vw';

interface PostCarouselProps {
  items: MediaView[];
  /** The card is on screen: the shown video may play. */
  active: boolean;
  creatorName: string;
  priority: boolean;
  onOpen: (event: MouseEvent<HTMLButtonElement>) => void;
}

/**
 * A post's photos and videos side by side: swiped on a phone (native scroll snapping), moved with
 * the arrow buttons or the arrow keys on a desktop, with "2 / 7" to say where the reader is.
 */
export function PostCarousel({ items, active, creatorName, priority, onOpen }: PostCarouselProps) {
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  // The furthest slide whose picture may load. The page arrives with the first one only (a phone
  // fetches nothing the reader has not reached); once the page runs, the next one is fetched ahead.
  const [reached, setReached] = useState(0);
  const count = items.length;
  useEffect(() => {
    setReached((furthest) => Math.max(furthest, Math.min(count - 1, index + 1)));
  }, [index, count]);
  // While the arrows or keys move the track, its scroll events report the positions on the way.
  const moving = useRef<ReturnType<typeof setTimeout> | null>(null);

  function go(next: number) {
    const element = track.current;
    const target = Math.max(0, Math.min(count - 1, next));
    if (!element) return;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    if (moving.current) clearTimeout(moving.current);
    moving.current = setTimeout(() => {
      moving.current = null;
    }, 800);
    element.scrollTo({ left: target * element.clientWidth, behavior: reduce ? 'auto' : 'smooth' });
    setIndex(target);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'ArrowRight') go(index + 1);
    else if (event.key === 'ArrowLeft') go(index - 1);
    else if (event.key === 'Home') go(0);
    else if (event.key === 'End') go(count - 1);
    else return;
    event.preventDefault();
  }

  return (
    <section
      aria-roledescription="carousel"
      aria-label={`${count} photos and videos by ${creatorName}`}
      className="group absolute inset-0"
      onKeyDown={onKeyDown}
    >
      <div
        ref={track}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling track is focusable so the arrow keys reach it
        tabIndex={0}
        aria-live="polite"
        className="flex size-full snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none] focus-visible:outline-2 focus-visible:outline-ring focus-visible:-outline-offset-2"
        onScroll={(event) => {
          if (moving.current) return;
          const element = event.currentTarget;
          const at = Math.round(element.scrollLeft / Math.max(1, element.clientWidth));
          if (at !== index) setIndex(at);
        }}
      >
        {items.map((item, position) => (
          // biome-ignore lint/a11y/useSemanticElements: a slide of the WAI-ARIA carousel pattern is a group, not a form fieldset
          <div
            key={item.id}
            role="group"
            aria-roledescription="slide"
            aria-label={`${position + 1} of ${count}`}
            aria-hidden={position === index ? undefined : true}
            className="relative size-full shrink-0 snap-center snap-always"
          >
            {position > reached ? (
              // Not reached yet: its placeholder, until the reader comes near.
              <div
                data-testid="slide-not-loaded"
                className="size-full bg-muted bg-cover bg-center"
                style={placeholderBackground(item.placeholder)}
              />
            ) : item.status !== 'ready' ? (
              <div className="flex size-full items-center justify-center p-4 text-center text-sm text-muted-foreground">
                {item.status === 'failed' ? 'This upload could not be processed.' : 'Still being processed.'}
              </div>
            ) : item.kind === 'video' ? (
              <CardVideo
                media={item}
                active={active && position === index}
                label={`Open video ${position + 1} of ${count} by ${creatorName}`}
                onOpen={onOpen}
              />
            ) : (
              <button
                type="button"
                tabIndex={position === index ? 0 : -1}
                className="block size-full cursor-zoom-in"
                aria-label={`Open photo ${position + 1} of ${count} by ${creatorName}`}
                onClick={onOpen}
              >
                <PostImage
                  media={item}
                  alt=""
                  sizes={CARD_SIZES}
                  priority={priority && position === 0}
                  className="object-cover"
                />
              </button>
            )}
          </div>
        ))}
      </div>
      <span
        className="pointer-events-none absolute top-3 right-3 rounded-full bg-black/60 px-2.5 py-1 text-xs font-medium text-white tabular-nums"
        aria-hidden="true"
      >
        {index + 1} / {count}
      </span>
      <span className="sr-only" aria-live="polite">
        {`Item ${index + 1} of ${count}`}
      </span>
      <Button
        type="button"
        variant="secondary"
        size="icon-sm"
        className="absolute top-1/2 left-2 -translate-y-1/2 rounded-full opacity-90 shadow disabled:invisible max-md:hidden"
        aria-label="Previous photo or video"
        disabled={index === 0}
        onClick={() => go(index - 1)}
      >
        <ChevronLeft aria-hidden="true" />
      </Button>
      <Button
        type="button"
        variant="secondary"
        size="icon-sm"
        className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full opacity-90 shadow disabled:invisible max-md:hidden"
        aria-label="Next photo or video"
        disabled={index === count - 1}
        onClick={() => go(index + 1)}
      >
        <ChevronRight aria-hidden="true" />
      </Button>
    </section>
  );
}
