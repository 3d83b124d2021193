import { ImagePlus, Link2, Video, X } from 'lucide-react';
import { type ChangeEvent, type DragEvent, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { cn } from '../../../lib/utils.ts';
import type { ChosenFile, MediaType } from '../post-draft.ts';

interface MediaFieldProps {
  media: ChosenFile | null;
  youtubeUrl: string;
  error: string | undefined;
  disabled: boolean;
  onPick: (file: File, type: MediaType) => void;
  /** A video only: made so that a screen recording of it names the viewer it was shown to. */
  traceRecordings: boolean;
  onTraceRecordings: (on: boolean) => void;
  onRemove: () => void;
  onYoutubeUrl: (value: string) => void;
}

const MB = 1024 * 1024;
const sizeText = (bytes: number) =>
  bytes >= 1024 * MB
    ? `${(bytes / (1024 * MB)).toFixed(1)} GB`
    : `${Math.max(0.1, bytes / MB).toFixed(1)} MB`;

/** A dropped file goes to the picker its type belongs to (a wrong type is then refused there). */
const typeOf = (file: File): MediaType => (file.type.startsWith('video/') ? 'video' : 'image');

/**
 * One image or one video, or a YouTube link, or none (a text post). Picking a file replaces any
 * other file; the link field steps aside while a file is chosen.
 */
export function MediaField({
  media,
  youtubeUrl,
  error,
  disabled,
  onPick,
  traceRecordings,
  onTraceRecordings,
  onRemove,
  onYoutubeUrl,
}: MediaFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const image = useRef<HTMLInputElement>(null);
  const video = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const pick = (type: MediaType) => (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onPick(file, type);
  };
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onPick(file, typeOf(file));
  };
  const describedBy = error ? errorId : undefined;

  return (
    <fieldset className="grid min-w-0 gap-3" aria-describedby={describedBy}>
      <legend className="mb-1.5 text-sm font-medium">
        Photo or video <span className="font-normal text-muted-foreground">(optional)</span>
      </legend>
      <input
        ref={image}
        type="file"
        accept="image/*"
        tabIndex={-1}
        className="sr-only"
        aria-label="Choose a photo"
        disabled={disabled}
        onChange={pick('image')}
      />
      <input
        ref={video}
        type="file"
        accept="video/*"
        tabIndex={-1}
        className="sr-only"
        aria-label="Choose a video"
        disabled={disabled}
        onChange={pick('video')}
      />
      {media ? (
        <div className="overflow-hidden rounded-2xl border border-border bg-muted">
          {media.type === 'video' ? (
            <video src={media.url} controls muted playsInline className="max-h-96 w-full bg-black" />
          ) : (
            <img src={media.url} alt="Preview of your upload" className="max-h-96 w-full object-contain" />
          )}
          <div className="flex flex-wrap items-center gap-2 border-t border-border bg-background px-3 py-2">
            <p className="min-w-0 flex-1 truncate text-sm">
              <span className="font-medium">{media.file.name}</span>
              <span className="text-muted-foreground"> · {sizeText(media.file.size)}</span>
            </p>
            <Button variant="ghost" size="sm" disabled={disabled} onClick={() => image.current?.click()}>
              <ImagePlus aria-hidden="true" />
              {media.type === 'image' ? 'Change photo' : 'Use a photo instead'}
            </Button>
            <Button variant="ghost" size="sm" disabled={disabled} onClick={() => video.current?.click()}>
              <Video aria-hidden="true" />
              {media.type === 'video' ? 'Change video' : 'Use a video instead'}
            </Button>
            <Button variant="ghost" size="sm" disabled={disabled} onClick={onRemove}>
              <X aria-hidden="true" />
              Remove
            </Button>
          </div>
          {media.type === 'video' ? (
            <label className="flex items-start gap-3 border-t border-border bg-background px-3 py-3 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 size-4 shrink-0 accent-primary"
                checked={traceRecordings}
                disabled={disabled}
                onChange={(event) => onTraceRecordings(event.target.checked)}
              />
              <span>
                <span className="font-medium">Trace screen recordings of this video</span>
                <span className="block text-muted-foreground">
                  Each viewer is sent their own copy, so a recording of a minute or more posted elsewhere
                  names them on Trace a leak. Takes twice the storage and a little longer to process.
                </span>
              </span>
            </label>
          ) : null}
        </div>
      ) : (
        // biome-ignore lint/a11y/noStaticElementInteractions: dropping is a shortcut; the buttons inside do the same
        <div
          onDragOver={(event) => {
            event.preventDefault();
            if (!disabled) setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
          className={cn(
            'flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed border-border px-4 py-8 text-center transition-colors',
            dragging && 'border-primary bg-primary/5',
            error && 'border-destructive/60',
          )}
        >
          <p className="text-sm text-muted-foreground">
            Drop a file here, or choose one. Photos up to 25MB, videos up to 2GB. Without one, your post is
            text only.
          </p>
          <div className="flex flex-wrap justify-center gap-2">
            <Button variant="outline" disabled={disabled} onClick={() => image.current?.click()}>
              <ImagePlus aria-hidden="true" />
              Add a photo
            </Button>
            <Button variant="outline" disabled={disabled} onClick={() => video.current?.click()}>
              <Video aria-hidden="true" />
              Add a video
            </Button>
          </div>
        </div>
      )}
      {media ? null : (
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-youtube`} className="text-muted-foreground">
            Or a YouTube link
          </Label>
          <div className="relative">
            <Link2
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              id={`${id}-youtube`}
              type="url"
              inputMode="url"
              placeholder="https://www.youtube.com/watch?v=…"
              value={youtubeUrl}
              disabled={disabled}
              aria-invalid={error && youtubeUrl ? true : undefined}
              aria-describedby={describedBy}
              onChange={(event) => onYoutubeUrl(event.target.value)}
              className="pl-9"
            />
          </div>
        </div>
      )}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
