import { Upload } from 'tus-js-client';
import type { MediaView } from '#common/schemas/media.ts';
import { ApiError, apiBaseUrl, parseBody, toApiError } from './api-client.ts';
import { getToken } from './session.ts';

/** Waits between retries of a failed chunk; resumable uploads survive a flaky connection. */
export const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000];
/** Each PATCH carries at most this much, so a dropped connection loses little. */
export const CHUNK_BYTES = 16 * 1024 * 1024;

/** 0..100, whole numbers, never past 100 or before 0. */
export function progressPercent(sent: number, total: number): number {
  if (!Number.isFinite(sent) || !Number.isFinite(total) || total <= 0) return 0;
  return Math.max(0, Math.min(100, Math.floor((sent / total) * 100)));
}

/**
 * What the server is told up front: the type, so it can apply the image limit early, and whether
 * a video is to be made with recording marks. The name stays here.
 */
export function uploadMetadata(
  file: { type: string },
  options: { traceRecordings?: boolean } = {},
): Record<string, string> {
  return {
    filetype: file.type || 'application/octet-stream',
    ...(options.traceRecordings ? { traceRecordings: '1' } : {}),
  };
}

/** The media object the last PATCH answers with; null when the body is not one. */
export function parseFinishedUpload(body: string): MediaView | null {
  const value = parseBody(body);
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  return typeof record.id === 'string' && typeof record.status === 'string' ? (value as MediaView) : null;
}

/** Client errors are final (a retry would get the same answer), except conflicts, locks and rate limits. */
export function shouldRetry(status: number): boolean {
  if (status === 0) return true;
  if (status === 409 || status === 423 || status === 429) return true;
  return status < 400 || status >= 500;
}

interface ResponseLike {
  getStatus(): number;
  getBody(): string;
}

/** A tus failure as the ApiError the rest of the app shows (the server's message when it sent one). */
export function toUploadError(error: unknown): ApiError {
  const response = (error as { originalResponse?: ResponseLike | null }).originalResponse;
  if (response) return toApiError(response.getStatus(), parseBody(response.getBody()));
  return new ApiError(0, { message: 'The upload could not be completed', code: 'UPLOAD_FAILED' });
}

export interface MediaUpload {
  /** The media object (status `processing` until the server has rendered it). */
  done: Promise<MediaView>;
  /** Stops sending; the upload can be resumed later from where it stopped. */
  pause(): Promise<void>;
}

/**
 * Sends a post's photo or video with the tus protocol: in chunks, with the bearer token, reporting
 * progress 0..100, retrying a dropped chunk, and resuming an upload of the same file that a closed
 * tab or a lost connection interrupted.
 */
export function uploadPostMedia(
  file: File,
  options: { onProgress?: (percent: number) => void; endpoint?: string; traceRecordings?: boolean } = {},
): MediaUpload {
  let upload: Upload | null = null;
  const done = new Promise<MediaView>((resolve, reject) => {
    upload = new Upload(file, {
      endpoint: options.endpoint ?? `${apiBaseUrl}/uploads`,
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS,
      metadata: uploadMetadata(file, { traceRecordings: options.traceRecordings === true }),
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onBeforeRequest(request) {
        const token = getToken();
        if (token) request.setHeader('Authorization', `Bearer ${token}`);
      },
      onProgress(sent, total) {
        options.onProgress?.(progressPercent(sent, total));
      },
      onShouldRetry(error) {
        return shouldRetry(error.originalResponse?.getStatus() ?? 0);
      },
      onSuccess({ lastResponse }) {
        const media = parseFinishedUpload(lastResponse.getBody());
        if (media) {
          options.onProgress?.(100);
          resolve(media);
        } else reject(toUploadError(new Error('no media in the answer')));
      },
      onError(error) {
        reject(toUploadError(error));
      },
    });
    const started = upload;
    started
      .findPreviousUploads()
      .then((previous) => {
        const last = previous[0];
        if (last) started.resumeFromPreviousUpload(last);
        started.start();
      })
      .catch(() => started.start());
  });
  return {
    done,
    pause: async () => {
      await upload?.abort(false);
    },
  };
}
