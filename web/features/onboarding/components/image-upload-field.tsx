import { ImageIcon } from 'lucide-react';
import { type ChangeEvent, type ReactNode, useRef } from 'react';
import type { MediaView } from '#common/schemas/media.ts';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/utils.ts';
import type { MediaUpload } from '../use-media-upload.ts';
import { describedBy, Field } from './field.tsx';
import { UploadProgress } from './upload-progress.tsx';

interface ImageUploadFieldProps {
  id: string;
  /** What the image is, in a sentence's words: 'profile photo', 'banner'. */
  noun: string;
  label: string;
  hint: ReactNode;
  upload: MediaUpload;
  /** What the server holds already (also after a reload). */
  media: MediaView | null;
  error?: string | undefined;
  /** 'wide': the banner, about as the profile crops it. */
  shape: 'round' | 'wide';
}

/** Picks an image, sends it at once, and previews it: the local file first, then the server's copy. */
export function ImageUploadField({
  id,
  noun,
  label,
  hint,
  upload,
  media,
  error,
  shape,
}: ImageUploadFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const src = upload.localUrl ?? media?.url ?? null;
  const chosen = src !== null || media !== null;
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so choosing the same file again (after a failure) still fires a change.
    event.target.value = '';
    if (file) upload.start(file);
  };
  return (
    <Field id={id} label={label} hint={hint} message={error}>
      <div className="flex flex-wrap items-center gap-4">
        <div
          className={cn(
            'flex shrink-0 items-center justify-center overflow-hidden bg-muted text-muted-foreground',
            shape === 'round' ? 'size-24 rounded-full' : 'aspect-[3/1] w-60 rounded-2xl @md:w-72',
          )}
        >
          {src ? (
            <img src={src} alt={`Your ${noun}`} className="size-full object-cover" />
          ) : media?.status === 'processing' ? (
            <span className="px-2 text-center text-xs">Processing…</span>
          ) : (
            <ImageIcon aria-hidden="true" className="size-8" />
          )}
        </div>
        <div className="flex min-w-40 flex-1 flex-col gap-2">
          <input
            ref={input}
            id={id}
            type="file"
            accept="image/*"
            tabIndex={-1}
            className="sr-only"
            aria-describedby={describedBy(id, hint)}
            onChange={pick}
          />
          <Button
            variant="outline"
            className="self-start"
            disabled={upload.uploading}
            onClick={() => input.current?.click()}
          >
            {chosen ? `Change ${noun}` : `Upload ${noun}`}
          </Button>
          {upload.progress !== null ? (
            <UploadProgress label={`Uploading ${noun}`} percent={upload.progress} />
          ) : null}
        </div>
      </div>
    </Field>
  );
}
