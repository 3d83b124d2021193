import { CircleAlert, ImagePlus, LoaderCircle, Video, X } from 'lucide-react';
import { type ChangeEvent, useId, useRef } from 'react';
import { type MediaView, mediaMessages } from '#common/schemas/media.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useMediaStatus } from '../../media/index.ts';
import { useVideoSource } from '../../posts/index.ts';

export type PostMediaKind = 'image' | 'video';
export interface ChosenPostMedia {
  file: File;
  kind: PostMediaKind;
  /** Local object URL for the preview. */
  url: string;
}

interface PostMediaPickerProps {
  chosen: ChosenPostMedia | null;
  /** Uploaded earlier (shown again after a reload); polled while it is processing. */
  existing: MediaView | null;
  disabled: boolean;
  /** Remove is deleting the uploaded file. */
  removing?: boolean;
  onChoose: (file: File, kind: PostMediaKind) => void;
  onRemove: () => void;
}

function Preview({ chosen, existing }: { chosen: ChosenPostMedia | null; existing: MediaView | null }) {
  if (chosen?.kind === 'video') return <video src={chosen.url} controls muted className="max-h-80 w-full" />;
  if (chosen)
    return <img src={chosen.url} alt="Your first post" className="max-h-80 w-full object-contain" />;
  if (!existing) return null;
  const noun = existing.kind === 'video' ? 'video' : 'image';
  if (existing.status === 'processing') {
    return (
      <div
        role="status"
        className="flex flex-col items-center gap-1 p-6 text-center text-sm text-muted-foreground"
      >
        <LoaderCircle aria-hidden="true" className="mb-1 size-6 motion-safe:animate-spin" />
        <span className="font-medium text-foreground">{mediaMessages.processing}</span>
        <span>Your {noun} appears here, and on your page, when it is ready.</span>
      </div>
    );
  }
  if (existing.status === 'failed') {
    return (
      <div role="alert" className="flex flex-col items-center gap-1 p-6 text-center text-sm">
        <CircleAlert aria-hidden="true" className="mb-1 size-6 text-destructive" />
        <span className="font-medium">Your {noun} could not be processed.</span>
        {existing.failureReason ? <span className="text-destructive">{existing.failureReason}</span> : null}
        <span className="text-muted-foreground">Remove it, or choose another file.</span>
      </div>
    );
  }
  if (existing.kind === 'video' && (existing.urls.hls || existing.urls.video)) {
    return <UploadedVideo media={existing} />;
  }
  const still = existing.kind === 'video' ? existing.urls.poster : existing.url;
  return still ? <img src={still} alt="Your first post" className="max-h-80 w-full object-contain" /> : null;
}

/** One image or one video for the first post; choosing one replaces the other. */
export function PostMediaPicker({
  chosen,
  existing: uploaded,
  disabled,
  removing = false,
  onChoose,
  onRemove,
}: PostMediaPickerProps) {
  const id = useId();
  const existing = useMediaStatus(uploaded);
  const inputs = { image: useRef<HTMLInputElement>(null), video: useRef<HTMLInputElement>(null) };
  const pick = (kind: PostMediaKind) => (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onChoose(file, kind);
  };
  const hasMedia = chosen !== null || existing !== null;
  return (
    <div className="grid gap-3">
      {hasMedia ? (
        <div className="overflow-hidden rounded-2xl border border-border bg-muted">
          <Preview chosen={chosen} existing={existing} />
        </div>
      ) : null}
      <input
        ref={inputs.image}
        id={`${id}-image`}
        type="file"
        accept="image/*"
        tabIndex={-1}
        className="sr-only"
        aria-label="Photo for your first post"
        onChange={pick('image')}
      />
      <input
        ref={inputs.video}
        id={`${id}-video`}
        type="file"
        accept="video/*"
        tabIndex={-1}
        className="sr-only"
        aria-label="Video for your first post"
        onChange={pick('video')}
      />
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" disabled={disabled} onClick={() => inputs.image.current?.click()}>
          <ImagePlus aria-hidden="true" />
          {hasMedia ? 'Use a photo instead' : 'Add a photo'}
        </Button>
        <Button variant="outline" disabled={disabled} onClick={() => inputs.video.current?.click()}>
          <Video aria-hidden="true" />
          {hasMedia ? 'Use a video instead' : 'Add a video'}
        </Button>
        {hasMedia ? (
          <Button variant="ghost" disabled={disabled || removing} onClick={onRemove}>
            {removing ? (
              <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
            ) : (
              <X aria-hidden="true" />
            )}
            {removing ? 'Removing…' : 'Remove'}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** The uploaded video as fans will get it (HLS where the browser needs hls.js). */
function UploadedVideo({ media }: { media: MediaView }) {
  const ref = useRef<HTMLVideoElement>(null);
  const src = useVideoSource(ref, media);
  return (
    <video
      ref={ref}
      src={src}
      poster={media.urls.poster ?? undefined}
      controls
      muted
      aria-label="Your first post"
      className="max-h-80 w-full"
    />
  );
}
