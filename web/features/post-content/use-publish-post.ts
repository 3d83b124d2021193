import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { MediaView } from '#common/schemas/media.ts';
import type { PostView } from '#common/schemas/posts.ts';
import { ApiError } from '../../lib/api-client.ts';
import { type MediaUpload, uploadPostMedia } from '../../lib/upload.ts';
import { createPost } from './api/create-post.ts';
import { type PostDraft, toCreateInput } from './post-draft.ts';

export type PublishPhase = 'idle' | 'uploading' | 'publishing' | 'failed' | 'done';

export interface PublishState {
  phase: PublishPhase;
  /** 0..100 while the file is on its way; 100 once it has arrived. */
  progress: number;
  error: ApiError | null;
  post: PostView | null;
}

const idle: PublishState = { phase: 'idle', progress: 0, error: null, post: null };

function asApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError(0, {
    message: error instanceof Error ? error.message : 'Something went wrong',
    code: 'UNKNOWN',
  });
}

/**
 * Sends the chosen file with real progress (tus over XHR, resumable), then creates the post. A file
 * that already arrived is not sent again when only the post itself failed, so Try again is quick;
 * a stopped upload resumes where it stopped.
 */
export function usePublishPost() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<PublishState>(idle);
  // Files that already arrived, so Try again does not send them twice.
  const uploaded = useRef(new Map<File, MediaView>());
  const running = useRef<{ upload: MediaUpload; stop: () => void } | null>(null);
  const cancelled = useRef(false);

  useEffect(
    () => () => {
      void running.current?.upload.pause();
    },
    [],
  );

  const send = useCallback(async (file: File, traceRecordings = false): Promise<MediaView> => {
    const known = uploaded.current.get(file);
    if (known) return known;
    setState({ ...idle, phase: 'uploading' });
    const upload = uploadPostMedia(file, {
      onProgress: (progress) => setState((current) => ({ ...current, progress })),
      traceRecordings,
    });
    // A paused tus upload never settles: stopping rejects here instead.
    const stopped = new Promise<never>((_, reject) => {
      running.current = { upload, stop: () => reject(new Error('stopped')) };
    });
    try {
      const media = await Promise.race([upload.done, stopped]);
      uploaded.current.set(file, media);
      return media;
    } finally {
      running.current = null;
    }
  }, []);

  const publish = useCallback(
    async (draft: PostDraft): Promise<PostView | null> => {
      cancelled.current = false;
      try {
        const media = draft.media
          ? await send(draft.media.file, draft.media.type === 'video' && draft.traceRecordings)
          : null;
        // "Add more": new files are sent one after another; vault items are already there.
        const moreIds: string[] = [];
        for (const item of draft.more)
          moreIds.push(item.source === 'vault' ? item.media.id : (await send(item.file)).id);
        setState((current) => ({ ...current, phase: 'publishing', progress: media ? 100 : 0 }));
        const post = await createPost(toCreateInput(draft, media?.id ?? null, moreIds));
        uploaded.current.clear();
        setState({ phase: 'done', progress: 100, error: null, post });
        void queryClient.invalidateQueries({ queryKey: ['posts'] });
        void queryClient.invalidateQueries({ queryKey: ['creators'] });
        return post;
      } catch (error) {
        const failure = cancelled.current
          ? new ApiError(0, {
              message: 'Upload stopped. Post Content again to resume it.',
              code: 'CANCELLED',
            })
          : asApiError(error);
        // An upload the server refused (gone, failed processing) must be sent again next time.
        if (failure.fields?.mediaId || failure.fields?.mediaIds) uploaded.current.clear();
        setState((current) => ({ ...current, phase: 'failed', error: failure, post: null }));
        return null;
      }
    },
    [send, queryClient],
  );

  /** Stops the file on its way; publishing again resumes it from where it stopped. */
  const cancel = useCallback(() => {
    const current = running.current;
    if (!current) return;
    cancelled.current = true;
    void current.upload.pause();
    current.stop();
  }, []);

  const reset = useCallback(() => {
    uploaded.current.clear();
    setState(idle);
  }, []);

  return {
    ...state,
    busy: state.phase === 'uploading' || state.phase === 'publishing',
    publish,
    cancel,
    reset,
  };
}
