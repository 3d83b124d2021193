import { Camera, ImageUp } from 'lucide-react';
import { limits } from '#common/limits.ts';
import { Avatar, AvatarFallback, AvatarImage } from '../../../components/ui/avatar.tsx';
import { creatorInitials } from '../format.ts';
import type { ImageUpload } from '../use-image-upload.ts';
import { ImageFileButton } from './image-file-button.tsx';

interface ProfileImagesEditorProps {
  displayName: string;
  avatarUrl: string | null;
  bannerUrl: string | null;
  avatar: ImageUpload & { choose: (file: File) => void };
  banner: ImageUpload & { choose: (file: File) => void };
}

const MB = 1024 * 1024;
const sizes = `Avatar up to ${limits.profileImageMaxBytes / MB}MB, cover up to ${limits.bannerImageMaxBytes / MB}MB. Images only.`;

function UploadNote({ upload, label }: { upload: ImageUpload; label: string }) {
  if (upload.error) {
    return (
      <p role="alert" className="text-sm font-medium text-destructive">
        {label}: {upload.error}
      </p>
    );
  }
  if (upload.uploading) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Uploading {label.toLowerCase()}… {upload.progress}%
      </p>
    );
  }
  return null;
}

/** The cover and avatar as the page will show them, each with a button to replace it. */
export function ProfileImagesEditor({
  displayName,
  avatarUrl,
  bannerUrl,
  avatar,
  banner,
}: ProfileImagesEditorProps) {
  const cover = banner.previewUrl ?? bannerUrl;
  const face = avatar.previewUrl ?? avatarUrl;
  return (
    <div className="flex flex-col gap-2">
      <div className="relative mb-12">
        <div className="h-36 overflow-hidden rounded-2xl bg-gradient-to-br from-primary/70 via-primary/40 to-accent sm:h-44">
          {cover ? <img src={cover} alt="Cover preview" className="size-full object-cover" /> : null}
        </div>
        <ImageFileButton
          inputLabel="Cover image"
          onFile={banner.choose}
          disabled={banner.uploading}
          size="sm"
          variant="secondary"
          className="absolute top-3 right-3 shadow"
        >
          <ImageUp aria-hidden="true" />
          Change cover
        </ImageFileButton>
        <div className="absolute -bottom-10 left-4 flex items-end gap-2">
          <Avatar className="size-20 bg-background ring-4 ring-background">
            {face ? <AvatarImage src={face} alt="Avatar preview" /> : null}
            <AvatarFallback className="text-2xl">{creatorInitials(displayName)}</AvatarFallback>
          </Avatar>
          <ImageFileButton
            inputLabel="Avatar image"
            onFile={avatar.choose}
            disabled={avatar.uploading}
            size="icon-sm"
            variant="secondary"
            className="rounded-full shadow"
            aria-label="Change avatar"
          >
            <Camera aria-hidden="true" />
          </ImageFileButton>
        </div>
      </div>
      <p className="text-xs text-muted-foreground">{sizes}</p>
      <UploadNote upload={banner} label="Cover" />
      <UploadNote upload={avatar} label="Avatar" />
    </div>
  );
}
