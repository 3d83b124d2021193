import { useCallback, useEffect, useRef, useState } from 'react';
import type { MediaView } from '#common/schemas/media.ts';
import { toast } from '../../lib/toast.ts';

type Send = (file: File, onProgress: (percent: number) => void) => Promise<MediaView>;

export interface MediaUpload {
  /** 0..100 while a file is on its way, null otherwise. */
  progress: number | null;
  uploading: boolean;
  /** A local object URL of the last chosen file, so the preview shows before the server answers. */
  localUrl: string | null;
  start: (file: File) => void;
}

/**
 * Sends one chosen file at a time and reports its progress. Choosing another file supersedes the
 * one on its way; a failure is shown with the server's message.
 */
export function useMediaUpload(send: Send, onUploaded: (media: MediaView, file: File) => void): MediaUpload {
  const [progress, setProgress] = useState<number | null>(null);
  const [localUrl, setLocalUrl] = useState<string | null>(null);
  const latest = useRef(0);
  const urlRef = useRef<string | null>(null);

  useEffect(
    () => () => {
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    },
    [],
  );

  const start = useCallback(
    (file: File) => {
      const attempt = ++latest.current;
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
      urlRef.current = URL.createObjectURL(file);
      setLocalUrl(urlRef.current);
      setProgress(0);
      send(file, (percent) => {
        if (attempt === latest.current) setProgress(percent);
      })
        .then((media) => {
          if (attempt === latest.current) onUploaded(media, file);
        })
        .catch((error: unknown) => {
          if (attempt !== latest.current) return;
          toast.error(error instanceof Error ? error.message : 'The upload could not be completed');
          setLocalUrl(null);
        })
        .finally(() => {
          if (attempt === latest.current) setProgress(null);
        });
    },
    [send, onUploaded],
  );

  return { progress, uploading: progress !== null, localUrl, start };
}
