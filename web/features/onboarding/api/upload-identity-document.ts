import { limits } from '#common/limits.ts';
import { type MediaView, mediaMessages } from '#common/schemas/media.ts';
import { ApiError, apiBaseUrl } from '../../../lib/api-client.ts';
import { getToken } from '../../../lib/session.ts';
import { progressPercent } from '../../../lib/upload.ts';
import { readUploadResponse } from '../../../lib/upload-image.ts';

const documentTypes: Record<string, string> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** For the file picker: the spec's pdf, jpg, jpeg and png, by extension and by type. */
export const IDENTITY_DOCUMENT_ACCEPT = [
  ...Object.keys(documentTypes).map((extension) => `.${extension}`),
  ...new Set(Object.values(documentTypes)),
].join(',');

/** The message to show, or null when the file may be sent; the server checks the bytes again. */
export function validateIdentityDocument(file: { name: string; type: string; size: number }): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const expected = documentTypes[extension];
  // Some systems report no type for a PDF; the extension then decides.
  if (!expected || (file.type !== '' && file.type !== expected)) return mediaMessages.selectIdentityDocument;
  if (file.size > limits.identityDocumentMaxBytes) {
    return mediaMessages.tooLarge(limits.identityDocumentMaxBytes);
  }
  return null;
}

/**
 * POST /api/media/upload/identity-document (multipart field `file`), with progress 0..100 and the
 * bearer token. XMLHttpRequest because fetch cannot report upload progress.
 */
export function uploadIdentityDocument(
  file: File,
  options: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<MediaView> {
  const invalid = validateIdentityDocument(file);
  if (invalid) return Promise.reject(new ApiError(400, { message: invalid, code: 'VALIDATION_FAILED' }));
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${apiBaseUrl}/media/upload/identity-document`);
    const token = getToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(progressPercent(event.loaded, event.total));
    };
    request.onload = () => {
      try {
        resolve(readUploadResponse(request.status, request.responseText));
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
