import { Lock } from 'lucide-react';
import type { MouseEvent } from 'react';
import type { MediaView } from '#common/schemas/media.ts';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/utils.ts';

/** postMessages.unlockToView, kept as a copy: importing it would bring zod to Discover (a test checks they match). */
export const UNLOCK_VIDEO = 'Click to unlock this video';

interface LockedMediaProps {
  /** Null for a locked YouTube post: the server withholds even its id. */
  media: MediaView | null;
  onUnlock: (event: MouseEvent<HTMLButtonElement>) => void;
  /** Tiles are small: a shorter button and badge. */
  compact?: boolean;
  /** Names what the button unlocks when many tiles sit side by side ('Unlock video by Lena Park'). */
  label?: string;
  /** What a post of several items holds, shown before unlocking ("3 photos · 1 video"). */
  counts?: string;
}

/**
 * What a viewer who may not see the post gets: the server's tiny blurred preview (the only URL it
 * sends), scaled up and blurred again, a lock badge and the way to unlock.
 */
export function LockedMedia({ media, onUnlock, compact = false, label, counts }: LockedMediaProps) {
  const preview = media?.urls.preview ?? null;
  const isVideo = media?.kind === 'video';
  return (
    <div className="relative size-full overflow-hidden bg-muted">
      {preview ? (
        <img
          src={preview}
          alt=""
          aria-hidden="true"
          className="absolute inset-0 size-full scale-110 object-cover blur-xl"
        />
      ) : null}
      <span
        className={cn(
          'absolute top-3 left-3 inline-flex items-center gap-1 rounded-full bg-black/60 px-2.5 py-1 text-xs font-medium text-white',
          compact && 'top-2 left-2 px-1.5',
        )}
      >
        <Lock aria-hidden="true" className="size-3.5" />
        <span className={cn(compact && 'sr-only')}>Locked</span>
        {counts ? <span className={cn(compact && 'sr-only')}>{` · ${counts}`}</span> : null}
      </span>
      <div className="absolute inset-0 flex items-center justify-center p-3">
        <Button
          size={compact ? 'sm' : 'default'}
          className="rounded-full shadow-lg"
          aria-label={label}
          onClick={onUnlock}
        >
          <Lock aria-hidden="true" />
          {isVideo && !compact ? UNLOCK_VIDEO : 'Unlock'}
        </Button>
      </div>
    </div>
  );
}

interface LockedTextProps {
  /** Pay-per-view price, formatted ('$4.99'); null for a subscribers' post. */
  price: string | null;
  onUnlock: (event: MouseEvent<HTMLButtonElement>) => void;
}

/**
 * A locked text post: the server sends no text at all, so the card shows grey placeholder lines
 * where the text would be, a lock badge and what unlocking takes (the price, or a subscription).
 */
export function LockedText({ price, onUnlock }: LockedTextProps) {
  return (
    <div className="relative min-h-36 overflow-hidden bg-muted px-4 py-5">
      <div aria-hidden="true" className="space-y-2.5 blur-[3px]">
        <div className="h-3 w-11/12 rounded-full bg-foreground/15" />
        <div className="h-3 w-full rounded-full bg-foreground/15" />
        <div className="h-3 w-4/5 rounded-full bg-foreground/15" />
        <div className="h-3 w-2/3 rounded-full bg-foreground/15" />
      </div>
      <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 p-3 text-center">
        <span className="inline-flex items-center gap-1 rounded-full bg-black/60 px-2.5 py-1 text-xs font-medium text-white">
          <Lock aria-hidden="true" className="size-3.5" />
          {price ? `Locked post · ${price}` : 'Locked post · subscribers only'}
        </span>
        <Button className="rounded-full shadow-lg" onClick={onUnlock}>
          <Lock aria-hidden="true" />
          {price ? `Unlock for ${price}` : 'Subscribe to read'}
        </Button>
      </div>
    </div>
  );
}
