import { ArrowLeft, ArrowRight, Images, Plus, X } from 'lucide-react';
import { type ChangeEvent, lazy, memo, Suspense, useRef, useState } from 'react';
import { limits } from '#common/limits.ts';
import type { MediaView } from '#common/schemas/media.ts';
import { Button } from '../../../components/ui/button.tsx';
import { VaultThumb } from '../../vault/index.ts';
import type { MediaType, MoreItem } from '../post-draft.ts';

// The vault's list is only fetched when the creator opens the picker.
const VaultPicker = lazy(() =>
  import('../../vault/index.ts').then((module) => ({ default: module.VaultPicker })),
);

let nextKey = 0;
const key = () => {
  nextKey += 1;
  return `more-${nextKey}`;
};

interface MoreItemsFieldProps {
  /** The first item is chosen (or, with none, the first added here becomes it). */
  hasFirst: boolean;
  more: MoreItem[];
  disabled: boolean;
  onChange: (more: MoreItem[]) => void;
  /** Checks a picked file; the message when it may not be sent. */
  check: (file: File, type: MediaType) => string | null;
  onProblem: (message: string) => void;
}

/** "Add more": later photos and videos of the post, from new files or the vault, in order. */
export const MoreItemsField = memo(function MoreItemsField({
  hasFirst,
  more,
  disabled,
  onChange,
  check,
  onProblem,
}: MoreItemsFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const [picking, setPicking] = useState(false);
  const room = limits.postItemsMax - (hasFirst ? 1 : 0) - more.length;

  function addFiles(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    const added: MoreItem[] = [];
    for (const file of files) {
      const type: MediaType = file.type.startsWith('video/') ? 'video' : 'image';
      const problem = check(file, type);
      if (problem) {
        onProblem(problem);
        continue;
      }
      if (added.length >= room) {
        onProblem(`A post can have at most ${limits.postItemsMax} photos and videos`);
        break;
      }
      added.push({ source: 'file', key: key(), type, file, url: URL.createObjectURL(file) });
    }
    onChange([...more, ...added]);
  }

  function addFromVault(items: MediaView[]) {
    onChange([...more, ...items.map((media): MoreItem => ({ source: 'vault', key: key(), media }))]);
  }

  function remove(item: MoreItem) {
    if (item.source === 'file') URL.revokeObjectURL(item.url);
    onChange(more.filter((other) => other.key !== item.key));
  }

  function shift(index: number, by: -1 | 1) {
    const next = [...more];
    const [item] = next.splice(index, 1);
    if (!item) return;
    next.splice(index + by, 0, item);
    onChange(next);
  }

  const total = (hasFirst ? 1 : 0) + more.length;
  return (
    <fieldset className="grid min-w-0 gap-3" disabled={disabled}>
      <legend className="mb-1.5 text-sm font-medium">
        Add more{' '}
        <span className="font-normal text-muted-foreground">
          ({total} of {limits.postItemsMax})
        </span>
      </legend>
      <input
        ref={input}
        type="file"
        accept="image/*,video/*"
        multiple
        tabIndex={-1}
        className="sr-only"
        aria-label="Choose more photos or videos"
        onChange={addFiles}
      />
      {more.length > 0 ? (
        <ol className="flex gap-2 overflow-x-auto pb-1" aria-label="More photos and videos, in order">
          {more.map((item, index) => {
            const label = `${item.source === 'vault' ? (item.media.kind === 'video' ? 'Video' : 'Photo') : item.type === 'video' ? 'Video' : 'Photo'} ${index + (hasFirst ? 2 : 1)}`;
            return (
              <li key={item.key} className="grid w-28 shrink-0 gap-1">
                <div className="aspect-square overflow-hidden rounded-lg border border-border bg-muted">
                  {item.source === 'vault' ? (
                    <VaultThumb media={item.media} />
                  ) : item.type === 'video' ? (
                    <video src={item.url} muted playsInline className="size-full object-cover" />
                  ) : (
                    <img src={item.url} alt="" className="size-full object-cover" />
                  )}
                </div>
                <div className="flex justify-between">
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon-sm"
                    aria-label={`Move ${label} earlier`}
                    disabled={index === 0}
                    onClick={() => shift(index, -1)}
                  >
                    <ArrowLeft aria-hidden="true" />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon-sm"
                    aria-label={`Remove ${label}`}
                    onClick={() => remove(item)}
                  >
                    <X aria-hidden="true" />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon-sm"
                    aria-label={`Move ${label} later`}
                    disabled={index === more.length - 1}
                    onClick={() => shift(index, 1)}
                  >
                    <ArrowRight aria-hidden="true" />
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={room <= 0}
          onClick={() => input.current?.click()}
        >
          <Plus aria-hidden="true" />
          Upload more
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
      </div>
      {picking ? (
        <Suspense fallback={null}>
          <VaultPicker
            open
            room={room}
            taken={more.flatMap((item) => (item.source === 'vault' ? [item.media.id] : []))}
            onClose={() => setPicking(false)}
            onPick={addFromVault}
          />
        </Suspense>
      ) : null}
    </fieldset>
  );
});
