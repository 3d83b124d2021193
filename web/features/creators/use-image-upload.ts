import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { uploadImage, validateImageFile } from '../../lib/upload-image.ts';

interface UploadMessages {
  uploaded: string;
  failed: string;
}

export interface ImageUpload {
  /** What to show: the new image once chosen, else null (the saved one stays). */
  previewUrl: string | null;
  /** Sent on save; null until an upload has finished. */
  mediaId: string | null;
  uploading: boolean;
  progress: number;
  error: string | null;
}

const idle: ImageUpload = { previewUrl: null, mediaId: null, uploading: false, progress: 0, error: null };

/**
 * Uploads a chosen image at once, so saving only sends its id. The local file is previewed while
 * it uploads; a new choice cancels an upload still running.
 */
export function useImageUpload(target: 'profile' | 'banner', messages: UploadMessages) {
  const [upload, setUpload] = useState<ImageUpload>(idle);
  const running = useRef<AbortController | null>(null);
  const localUrl = useRef<string | null>(null);

  useEffect(
    () => () => {
      running.current?.abort();
      if (localUrl.current) URL.revokeObjectURL(localUrl.current);
    },
    [],
  );

  async function choose(file: File): Promise<void> {
    const invalid = validateImageFile(file, target);
    if (invalid) {
      setUpload((current) => ({ ...current, error: invalid }));
      return;
    }
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    if (localUrl.current) URL.revokeObjectURL(localUrl.current);
    const preview = URL.createObjectURL(file);
    localUrl.current = preview;
    setUpload({ previewUrl: preview, mediaId: null, uploading: true, progress: 0, error: null });
    try {
      const media = await uploadImage(file, target, {
        signal: controller.signal,
        onProgress: (progress) => setUpload((current) => ({ ...current, progress })),
      });
      setUpload({
        previewUrl: media.url ?? preview,
        mediaId: media.id,
        uploading: false,
        progress: 100,
        error: null,
      });
      toast.success(messages.uploaded);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      const message = error instanceof ApiError && error.status > 0 ? error.message : messages.failed;
      setUpload({ ...idle, error: message });
      toast.error(messages.failed);
    }
  }

  /** A refusal from the server on save (say, an upload that expired). */
  const fail = (error: string) => setUpload({ ...idle, error });

  return { ...upload, choose, fail };
}
