import { useId } from 'react';
import { limits } from '#common/limits.ts';
import type { MediaView } from '#common/schemas/media.ts';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { uploadImage } from '../../../lib/upload-image.ts';
import { cn } from '../../../lib/utils.ts';
import { canContinue } from '../step-rules.ts';
import { useMediaUpload } from '../use-media-upload.ts';
import { describedBy, Field } from './field.tsx';
import { ImageUploadField } from './image-upload-field.tsx';
import { StepLayout } from './step-layout.tsx';
import type { StepProps } from './step-props.ts';

const sendBanner = (file: File, onProgress: (percent: number) => void) =>
  uploadImage(file, 'banner', { onProgress });

/** Step 5: the banner at the top of the creator's page and the bio under it. */
export function BannerStep({ draft, media, errors, onChange, onNext }: StepProps) {
  const id = useId();
  const banner = useMediaUpload(sendBanner, (uploaded: MediaView) =>
    onChange({ bannerId: uploaded.id }, { banner: uploaded }),
  );
  const bio = draft.bio ?? '';
  const bioId = `${id}-bio`;
  const bioHint = 'Tell fans who you are and what they will get by subscribing.';
  return (
    <StepLayout
      title="Make your page yours"
      description="Add a banner and a short bio. You can change both later."
      submitLabel="Continue"
      ready={canContinue('banner', draft) && !banner.uploading}
      onSubmit={onNext}
    >
      <ImageUploadField
        id={`${id}-banner`}
        noun="banner"
        label="Banner image"
        hint="Wide image, at least 1500x500. Keep the main subject near the middle."
        upload={banner}
        media={media.banner}
        error={errors.bannerId}
        shape="wide"
      />
      <Field
        id={bioId}
        label="Bio"
        hint={bioHint}
        message={errors.bio}
        labelAside={
          <span
            className={cn(
              'text-xs tabular-nums text-muted-foreground',
              bio.length >= limits.bioMaxLength && 'font-medium text-destructive',
            )}
          >
            {bio.length}/{limits.bioMaxLength}
            <span className="sr-only"> characters</span>
          </span>
        }
      >
        <Textarea
          id={bioId}
          value={bio}
          onChange={(event) => onChange({ bio: event.target.value })}
          maxLength={limits.bioMaxLength}
          rows={5}
          aria-invalid={errors.bio ? true : undefined}
          aria-describedby={describedBy(bioId, bioHint)}
          className="resize-y"
        />
      </Field>
    </StepLayout>
  );
}
