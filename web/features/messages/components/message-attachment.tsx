import { Lock, LockOpen } from 'lucide-react';
import { useRef } from 'react';
import type { MediaView } from '#common/schemas/media.ts';
import type { ChatMessage } from '#common/schemas/messages.ts';
import { itemCountsLabel } from '#common/schemas/posts.ts';
import { Button } from '../../../components/ui/button.tsx';
import { formatPrice } from '../../../lib/format.ts';
import { cn } from '../../../lib/utils.ts';
import { useStartCheckout } from '../../fan-payments/index.ts';
import { PostImage, useVideoSource } from '../../posts/index.ts';
import { unlockMessage } from '../api/unlock-message.ts';

type Attachment = NonNullable<ChatMessage['attachment']>;

function ChatVideo({ media, label }: { media: MediaView; label: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  const src = useVideoSource(ref, media);
  return (
    // biome-ignore lint/a11y/useMediaCaption: creators' own videos come without captions
    <video
      ref={ref}
      src={src}
      poster={media.urls.poster ?? undefined}
      controls
      playsInline
      preload="metadata"
      aria-label={label}
      className="block size-full bg-black object-contain"
    />
  );
}

/** One item: in full when the viewer may see it, otherwise the server's blurred preview only. */
function Item({ media, label, locked }: { media: MediaView; label: string; locked: boolean }) {
  if (locked || media.locked) {
    return media.urls.preview ? (
      <img
        src={media.urls.preview}
        alt={`${label}, locked`}
        width={media.width ?? undefined}
        height={media.height ?? undefined}
        loading="lazy"
        className="block size-full object-cover"
      />
    ) : (
      <div role="img" aria-label={`${label}, locked`} className="size-full bg-muted" />
    );
  }
  if (media.status !== 'ready') {
    return (
      <div className="flex size-full items-center justify-center bg-muted p-2 text-center text-xs text-muted-foreground">
        {media.status === 'failed' ? 'This item could not be processed' : 'Still processing…'}
      </div>
    );
  }
  return media.kind === 'video' ? (
    <ChatVideo media={media} label={label} />
  ) : (
    <PostImage media={media} alt={label} sizes="(min-width: 640px) 240px, 45vw" className="object-cover" />
  );
}

/**
 * The photos and videos of a message. A locked pay-per-view message shows the blurred previews,
 * what is inside and its price, with Unlock for the one it was sent to; the sender sees the items
 * and the price they asked.
 */
export function MessageAttachment({
  messageId,
  attachment,
  mine,
}: {
  messageId: string;
  attachment: Attachment;
  mine: boolean;
}) {
  const checkout = useStartCheckout('Sign in to unlock this message');
  const { items, counts, price, locked, canUnlock } = attachment;
  const what = itemCountsLabel(counts);
  const single = items.length === 1;
  return (
    <div className="grid gap-2">
      <ul
        aria-label={locked ? `Locked: ${what}` : what}
        className={cn('grid gap-1 overflow-hidden rounded-xl', single ? 'grid-cols-1' : 'grid-cols-2')}
      >
        {items.map((media, index) => {
          const label = `${media.kind === 'video' ? 'Video' : 'Photo'} ${index + 1} of ${items.length}`;
          return (
            <li
              key={media.id}
              className={cn(
                'relative overflow-hidden bg-muted',
                single ? 'aspect-[4/3] w-60 max-w-full sm:w-72' : 'aspect-square w-28 sm:w-36',
              )}
            >
              <Item media={media} label={label} locked={locked} />
              {locked ? (
                <span className="pointer-events-none absolute inset-0 flex items-center justify-center">
                  <Lock aria-hidden="true" className="size-6 text-white drop-shadow" />
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
      {price ? (
        <div className="flex flex-wrap items-center gap-2 text-xs">
          {locked ? (
            <span className="flex items-center gap-1">
              <Lock aria-hidden="true" className="size-3.5" />
              {what}
            </span>
          ) : (
            <span className="flex items-center gap-1">
              <LockOpen aria-hidden="true" className="size-3.5" />
              {mine ? `Pay-per-view, ${formatPrice(price)}` : `Unlocked for ${formatPrice(price)}`}
            </span>
          )}
          {canUnlock ? (
            <Button
              size="sm"
              className="h-8"
              disabled={checkout.busy}
              onClick={() =>
                void checkout.start((_returnTo, payWith) => unlockMessage(messageId, payWith), {
                  amount: price,
                  what: 'Unlock this message',
                })
              }
            >
              {checkout.busy ? checkout.busyText : `Unlock for ${formatPrice(price)}`}
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
