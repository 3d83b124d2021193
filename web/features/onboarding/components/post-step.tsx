import { useEffect, useId, useState } from 'react';
import { limits } from '#common/limits.ts';
import { creatorMessages, type OnboardingDraft } from '#common/schemas/creators.ts';
import { mediaMessages } from '#common/schemas/media.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../lib/toast.ts';
import { uploadPostMedia } from '../../../lib/upload.ts';
import { deleteMedia, mediaPath } from '../../media/index.ts';
import { describedBy, Field } from './field.tsx';
import { type ChosenPostMedia, type PostMediaKind, PostMediaPicker } from './post-media-picker.tsx';
import { StepLayout } from './step-layout.tsx';
import type { StepProps } from './step-props.ts';
import { UploadProgress } from './upload-progress.tsx';

const rules: Record<PostMediaKind, { prefix: string; wrongType: string; maxBytes: number }> = {
  image: { prefix: 'image/', wrongType: mediaMessages.selectImage, maxBytes: limits.media.postImageMaxBytes },
  video: {
    prefix: 'video/',
    wrongType: 'Please select a video file',
    maxBytes: limits.media.postVideoMaxBytes,
  },
};

/** The message to show for a chosen file, or null when it may be sent. */
export function postFileProblem(file: { type: string; size: number }, kind: PostMediaKind): string | null {
  const rule = rules[kind];
  if (!file.type.startsWith(rule.prefix)) return rule.wrongType;
  return file.size > rule.maxBytes ? mediaMessages.tooLarge(rule.maxBytes) : null;
}

interface PostStepProps extends Omit<StepProps, 'onNext'> {
  finishing: boolean;
  onFinish: (draft: OnboardingDraft) => Promise<void>;
}

/** Step 7: an optional first post. Finish sends the chosen file and completes; skipping completes without. */
export function PostStep({ draft, media, errors, onChange, finishing, onFinish }: PostStepProps) {
  const [chosen, setChosen] = useState<ChosenPostMedia | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [removing, setRemoving] = useState(false);
  const [captionError, setCaptionError] = useState<string | null>(null);
  const captionId = useId();
  useEffect(() => (chosen ? () => URL.revokeObjectURL(chosen.url) : undefined), [chosen]);
  const busy = finishing || progress !== null;

  const choose = (file: File, kind: PostMediaKind) => {
    const problem = postFileProblem(file, kind);
    if (problem) toast.error(problem);
    else setChosen({ file, kind, url: URL.createObjectURL(file) });
  };
  const uploaded = draft.postMediaId ? media.post : null;
  const remove = async () => {
    setChosen(null);
    if (!uploaded) {
      onChange({ postMediaId: undefined }, { post: null });
      return;
    }
    // The file was uploaded already: it is deleted, not just forgotten.
    setRemoving(true);
    try {
      await deleteMedia(mediaPath(uploaded.id));
      onChange({ postMediaId: undefined }, { post: null });
      toast.success(mediaMessages.deleted);
    } catch {
      toast.error(mediaMessages.deleteFailed);
    } finally {
      setRemoving(false);
    }
  };

  const hasPost = chosen !== null || uploaded !== null;
  const caption = draft.postDescription ?? '';
  const captionMessage = captionError ?? errors.postDescription;
  const finish = async () => {
    // A post needs its caption, as in the post form: asked before anything is uploaded.
    if (hasPost && !caption.trim()) {
      setCaptionError(creatorMessages.postDescriptionRequired);
      document.getElementById(captionId)?.focus();
      return;
    }
    if (!chosen) return onFinish(draft);
    setProgress(0);
    try {
      // Videos keep processing on the server after this resolves; the post appears once ready.
      const uploaded = await uploadPostMedia(chosen.file, { onProgress: setProgress }).done;
      setChosen(null);
      onChange({ postMediaId: uploaded.id }, { post: uploaded });
      setProgress(null);
      await onFinish({ ...draft, postMediaId: uploaded.id });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : mediaMessages.uploadFailed);
      setProgress(null);
    }
  };

  return (
    <StepLayout
      title="Share your first post"
      description="Add a photo or a video fans will see first. You can also do this later."
      submitLabel="Finish"
      ready={!removing}
      busy={busy}
      busyLabel={progress !== null ? 'Uploading…' : 'Finishing…'}
      onSubmit={() => void finish()}
      secondaryAction={
        <Button
          variant="outline"
          size="lg"
          disabled={busy || removing}
          onClick={() => void onFinish({ ...draft, postMediaId: undefined })}
        >
          Skip for now
        </Button>
      }
    >
      <PostMediaPicker
        chosen={chosen}
        existing={uploaded}
        disabled={busy || removing}
        removing={removing}
        onChoose={choose}
        onRemove={() => void remove()}
      />
      {hasPost ? (
        <Field
          id={captionId}
          label="Caption"
          hint="What fans read with your post."
          message={captionMessage}
          labelAside={
            <span className="text-xs text-muted-foreground tabular-nums">
              {caption.length}/{limits.postDescriptionMaxLength}
            </span>
          }
        >
          <Textarea
            id={captionId}
            rows={3}
            value={caption}
            maxLength={limits.postDescriptionMaxLength}
            disabled={busy}
            aria-invalid={captionMessage ? true : undefined}
            aria-describedby={describedBy(captionId, true)}
            onChange={(event) => {
              setCaptionError(null);
              onChange({ postDescription: event.target.value });
            }}
          />
        </Field>
      ) : null}
      {progress !== null ? <UploadProgress label="Uploading your first post" percent={progress} /> : null}
      {errors.postMediaId ? (
        <p className="text-sm font-medium text-destructive">{errors.postMediaId}</p>
      ) : null}
    </StepLayout>
  );
}
