import { limits } from '#common/limits.ts';
import type { MediaView } from '#common/schemas/media.ts';
import { ApiError, apiBaseUrl, parseBody, toApiError } from './api-client.ts';
import { getToken } from './session.ts';
import { progressPercent } from './upload.ts';

export type ImageUploadTarget = 'profile' | 'property' | 'banner';

const MB = 1024 * 1024;

/** The spec's rules (section 5), checked before sending; the server checks them again on the bytes. */
export const IMAGE_UPLOAD_RULES: Record<ImageUploadTarget, { maxBytes: number; tooLarge: string }> = {
  profile: {
    maxBytes: limits.profileImageMaxBytes,
    tooLarge: `File size must be less than ${limits.profileImageMaxBytes / MB}MB`,
  },
  property: {
    maxBytes: limits.propertyImageMaxBytes,
    tooLarge: `File size must be less than ${limits.propertyImageMaxBytes / MB}MB`,
  },
  banner: {
    maxBytes: limits.bannerImageMaxBytes,
    tooLarge: `File size must be less than ${limits.bannerImageMaxBytes / MB}MB`,
  },
};

export const SELECT_IMAGE = 'Please select an image file';

/** The message to show, or null when the file may be sent. */
export function validateImageFile(
  file: { type: string; size: number },
  target: ImageUploadTarget,
): string | null {
  if (!file.type.startsWith('image/')) return SELECT_IMAGE;
  const rule = IMAGE_UPLOAD_RULES[target];
  return file.size > rule.maxBytes ? rule.tooLarge : null;
}

export function imageUploadUrl(target: ImageUploadTarget, baseUrl: string = apiBaseUrl): string {
  return `${baseUrl.replace(/\/$/, '')}/media/upload/${target}`;
}

/** The answer of an upload request: the media object, or the ApiError with the server's message. */
export function readUploadResponse(status: number, text: string): MediaView {
  if (status >= 200 && status < 300) {
    const body = parseBody(text);
    if (typeof body === 'object' && body !== null && 'id' in body) return body as MediaView;
  }
  throw toApiError(status, parseBody(text));
}

/**
 * Profile, property and banner images as multipart (field `file`), with upload progress 0..100
 * (XMLHttpRequest: fetch cannot report upload progress) and the bearer token.
 */
export function uploadImage(
  file: File,
  target: ImageUploadTarget,
  options: { onProgress?: (percent: number) => void; signal?: AbortSignal; baseUrl?: string } = {},
): Promise<MediaView> {
  const invalid = validateImageFile(file, target);
  if (invalid) return Promise.reject(new ApiError(400, { message: invalid, code: 'VALIDATION_FAILED' }));
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', imageUploadUrl(target, options.baseUrl));
    const token = getToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(progressPercent(event.loaded, event.total));
    };
    request.onload = () => {
      try {
        const media = readUploadResponse(request.status, request.responseText);
        options.onProgress?.(100);
        resolve(media);
      } catch (error) {
        reject(error);
      }
    };
    request.onerror = () => reject(new ApiError(0, { message: 'Request failed', code: 'NETWORK_ERROR' }));
    request.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}
