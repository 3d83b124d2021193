import { Images, Upload, X } from 'lucide-react';
import { type ChangeEvent, lazy, Suspense, useId, useRef, useState } from 'react';
import type { MediaView } from '#common/schemas/media.ts';
import { messageLimits, messagePricing } from '#common/schemas/messages.ts';
import { Button } from '../../../components/ui/button.tsx';
import { formatPrice } from '../../../lib/format.ts';
import { fileProblem } from '../../post-content/index.ts';
import { VaultThumb } from '../../vault/index.ts';
import type { AttachedItem } from '../use-send-attachment.ts';

// The vault's list is only fetched when the creator opens the picker.
const VaultPicker = lazy(() =>
  import('../../vault/index.ts').then((module) => ({ default: module.VaultPicker })),
);

let nextKey = 0;
const key = () => {
  nextKey += 1;
  return `attached-${nextKey}`;
};

const labelOf = (item: AttachedItem, index: number) =>
  `${(item.source === 'vault' ? item.media.kind : item.kind) === 'video' ? 'Video' : 'Photo'} ${index + 1}`;

interface ComposerAttachmentsProps {
  items: AttachedItem[];
  onItems: (items: AttachedItem[]) => void;
  price: string;
  onPrice: (price: string) => void;
  priceProblem: string | null;
  disabled: boolean;
  onProblem: (message: string) => void;
}

/**
 * A creator's photos and videos for a message (new files or from the vault), and the price a fan
 * pays to see them: empty sends them free.
 */
export function ComposerAttachments({
  items,
  onItems,
  price,
  onPrice,
  priceProblem,
  disabled,
  onProblem,
}: ComposerAttachmentsProps) {
  const input = useRef<HTMLInputElement>(null);
  const [picking, setPicking] = useState(false);
  const priceId = useId();
  const priceHintId = useId();
  const priceErrorId = useId();
  const room = messageLimits.itemsMax - items.length;

  function addFiles(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    const added: AttachedItem[] = [];
    for (const file of files) {
      const kind = file.type.startsWith('video/') ? 'video' : 'image';
      const problem = fileProblem(file, kind);
      if (problem) {
        onProblem(problem);
        continue;
      }
      if (added.length >= room) {
        onProblem(`A message can carry at most ${messageLimits.itemsMax} photos and videos`);
        break;
      }
      added.push({ source: 'file', key: key(), kind, file, url: URL.createObjectURL(file) });
    }
    onItems([...items, ...added]);
  }

  function addFromVault(picked: MediaView[]) {
    onItems([...items, ...picked.map((media): AttachedItem => ({ source: 'vault', key: key(), media }))]);
  }

  function remove(item: AttachedItem) {
    if (item.source === 'file') URL.revokeObjectURL(item.url);
    onItems(items.filter((other) => other.key !== item.key));
  }

  return (
    <fieldset className="grid gap-2 rounded-xl border border-border p-2" disabled={disabled}>
      <legend className="px-1 text-xs font-medium">
        Photos and videos{' '}
        <span className="font-normal text-muted-foreground">
          ({items.length} of {messageLimits.itemsMax})
        </span>
      </legend>
      <input
        ref={input}
        type="file"
        accept="image/*,video/*"
        multiple
        tabIndex={-1}
        className="sr-only"
        aria-label="Choose photos or videos to attach"
        onChange={addFiles}
      />
      {items.length > 0 ? (
        <ol className="flex gap-2 overflow-x-auto pb-1" aria-label="Attached photos and videos, in order">
          {items.map((item, index) => (
            <li key={item.key} className="relative size-16 shrink-0 overflow-hidden rounded-lg bg-muted">
              {item.source === 'vault' ? (
                <VaultThumb media={item.media} />
              ) : item.kind === 'video' ? (
                <video src={item.url} muted playsInline className="size-full object-cover" />
              ) : (
                <img src={item.url} alt="" className="size-full object-cover" />
              )}
              <Button
                type="button"
                variant="secondary"
                size="icon-sm"
                className="absolute top-0.5 right-0.5 size-6 rounded-full"
                aria-label={`Remove ${labelOf(item, index)}`}
                onClick={() => remove(item)}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ol>
      ) : null}
      <div className="flex flex-wrap items-end gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={room <= 0}
          onClick={() => input.current?.click()}
        >
          <Upload aria-hidden="true" />
          Upload
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={room <= 0}
          onClick={() => setPicking(true)}
        >
          <Images aria-hidden="true" />
          From your vault
        </Button>
        <div className="grid gap-1">
          <label htmlFor={priceId} className="text-xs font-medium">
            Price to unlock (optional)
          </label>
          <div className="flex items-center gap-1">
            <span aria-hidden="true" className="text-sm text-muted-foreground">
              $
            </span>
            <input
              id={priceId}
              inputMode="decimal"
              value={price}
              onChange={(event) => onPrice(event.target.value)}
              placeholder="Free"
              aria-invalid={priceProblem ? true : undefined}
              aria-describedby={priceProblem ? priceErrorId : priceHintId}
              className="h-8 w-24 rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive"
            />
          </div>
        </div>
      </div>
      {priceProblem ? (
        <p id={priceErrorId} role="alert" className="px-1 text-xs text-destructive">
          {priceProblem}
        </p>
      ) : (
        <p id={priceHintId} className="px-1 text-xs text-muted-foreground">
          With a price, the fan sees blurred previews until they pay (
          {formatPrice({ amount: messagePricing.minCents, currency: messagePricing.currency })} to{' '}
          {formatPrice({ amount: messagePricing.maxCents, currency: messagePricing.currency })}).
        </p>
      )}
      {picking ? (
        <Suspense fallback={null}>
          <VaultPicker
            open
            room={room}
            taken={items.flatMap((item) => (item.source === 'vault' ? [item.media.id] : []))}
            onClose={() => setPicking(false)}
            onPick={addFromVault}
          />
        </Suspense>
      ) : null}
    </fieldset>
  );
}
