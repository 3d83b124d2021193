import { useId } from 'react';
import { limits } from '#common/limits.ts';
import type { MediaView } from '#common/schemas/media.ts';
import { Input } from '../../../components/ui/input.tsx';
import { uploadImage } from '../../../lib/upload-image.ts';
import { useHandleAvailability } from '../api/get-handle-availability.ts';
import { uploadIdentityDocument } from '../api/upload-identity-document.ts';
import { canContinue } from '../step-rules.ts';
import { useMediaUpload } from '../use-media-upload.ts';
import { DocumentField } from './document-field.tsx';
import { describedBy, Field } from './field.tsx';
import { HandleField } from './handle-field.tsx';
import { ImageUploadField } from './image-upload-field.tsx';
import { StepLayout } from './step-layout.tsx';
import type { StepProps } from './step-props.ts';

const sendProfilePhoto = (file: File, onProgress: (percent: number) => void) =>
  uploadImage(file, 'profile', { onProgress });
const sendDocument = (file: File, onProgress: (percent: number) => void) =>
  uploadIdentityDocument(file, { onProgress });

/** Step 4: who fans will see (photo, name, handle) and the document the review team checks. */
export function BioStep({ draft, media, errors, onChange, onNext }: StepProps) {
  const id = useId();
  const handleCheck = useHandleAvailability(draft.handle ?? '');
  const photo = useMediaUpload(sendProfilePhoto, (uploaded: MediaView) =>
    onChange({ profilePhotoId: uploaded.id }, { profilePhoto: uploaded }),
  );
  const document = useMediaUpload(sendDocument, (uploaded: MediaView, file: File) =>
    // The draft keeps at most 255 characters of the name.
    onChange({ documentId: uploaded.id, documentName: file.name.slice(0, 255) }, { document: uploaded }),
  );
  const ready =
    canContinue('bio', draft, handleCheck.status === 'available') && !photo.uploading && !document.uploading;
  const nameHint = `Shown on your page, up to ${limits.nameMaxLength} characters.`;
  return (
    <StepLayout
      title="Set up your profile"
      description="Fans see your photo, name and handle. Your document is only used to verify you."
      submitLabel="Continue"
      ready={ready}
      onSubmit={onNext}
    >
      <ImageUploadField
        id={`${id}-photo`}
        noun="profile photo"
        label="Profile photo"
        hint="An image of you, up to 2MB."
        upload={photo}
        media={media.profilePhoto}
        error={errors.profilePhotoId}
        shape="round"
      />
      <Field id={`${id}-name`} label="Display name" hint={nameHint} message={errors.displayName}>
        <Input
          id={`${id}-name`}
          value={draft.displayName ?? ''}
          onChange={(event) => onChange({ displayName: event.target.value })}
          maxLength={limits.nameMaxLength}
          autoComplete="nickname"
          aria-invalid={errors.displayName ? true : undefined}
          aria-describedby={describedBy(`${id}-name`, nameHint)}
        />
      </Field>
      <HandleField
        id={`${id}-handle`}
        value={draft.handle ?? ''}
        check={handleCheck}
        error={errors.handle}
        onChange={(handle) => onChange({ handle })}
      />
      <DocumentField
        id={`${id}-document`}
        upload={document}
        fileName={draft.documentId ? (draft.documentName ?? 'Document uploaded') : undefined}
        error={errors.documentId ?? errors.documentName}
      />
    </StepLayout>
  );
}
