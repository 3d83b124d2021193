import { ImageUp, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { limits } from '#common/limits.ts';
import { SettingsSection } from '../../../components/settings-section.tsx';
import { Avatar, AvatarFallback, AvatarImage } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import type { SessionUser } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { uploadImage } from '../../../lib/upload-image.ts';
import { initialsOf } from '../../../lib/user-display.ts';
import { useUpdateProfile } from '../../auth/index.ts';
import { ImageFileButton } from '../../creators/index.ts';
import { settingsMessages } from '../form-schemas.ts';

const MB = 1024 * 1024;

/**
 * The account's photo, for every account (fans too): shown in the header, menus and messages. A
 * creator's page avatar is the same photo, so changing it here changes it there (and back).
 */
export function ProfilePhoto({ user }: { user: SessionUser }) {
  const update = useUpdateProfile();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = progress !== null || update.isPending;

  async function choose(file: File) {
    setError(null);
    setProgress(0);
    try {
      const media = await uploadImage(file, 'profile', { onProgress: setProgress });
      if (!media.url) throw new Error(settingsMessages.photoUploadFailed);
      setProgress(null);
      await update.mutateAsync({ profileImage: media.url });
      toast.success(settingsMessages.photoSaved);
    } catch (failure) {
      setProgress(null);
      // The server's reason (too large, not an image) is shown as it says it.
      setError(
        failure instanceof ApiError && failure.status > 0
          ? failure.message
          : settingsMessages.photoUploadFailed,
      );
    }
  }

  async function remove() {
    setError(null);
    try {
      await update.mutateAsync({ profileImage: null });
      toast.success(settingsMessages.photoRemoved);
    } catch {
      // useUpdateProfile has told the user.
    }
  }

  return (
    <SettingsSection
      title="Profile photo"
      description="Shown with your name in the header, in menus and in messages."
    >
      <div className="flex flex-wrap items-center gap-4">
        <Avatar className="size-20">
          {user.profileImage ? <AvatarImage src={user.profileImage} alt="Your profile photo" /> : null}
          <AvatarFallback className="text-2xl">{initialsOf(user)}</AvatarFallback>
        </Avatar>
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap gap-2">
            <ImageFileButton
              inputLabel="Profile photo file"
              onFile={(file) => void choose(file)}
              disabled={busy}
              variant="outline"
            >
              <ImageUp aria-hidden="true" />
              {user.profileImage ? 'Change photo' : 'Upload photo'}
            </ImageFileButton>
            {user.profileImage ? (
              <Button variant="ghost" disabled={busy} onClick={() => void remove()}>
                <Trash2 aria-hidden="true" />
                Remove photo
              </Button>
            ) : null}
          </div>
          <p className="text-xs text-muted-foreground">
            An image up to {limits.profileImageMaxBytes / MB}MB.
          </p>
          {progress !== null ? (
            <p role="status" className="text-sm text-muted-foreground">
              Uploading… {progress}%
            </p>
          ) : null}
          {error ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {error}
            </p>
          ) : null}
        </div>
      </div>
    </SettingsSection>
  );
}
