import { parseBody, toApiError } from '../../../lib/api-client.ts';
import { getToken } from '../../../lib/session.ts';

export interface IdentityDocumentFile {
  blob: Blob;
  fileName: string;
}

function fileNameOf(disposition: string | null, fallback: string): string {
  const match = disposition?.match(/filename="?([^";]+)"?/i);
  return match?.[1] ?? fallback;
}

/**
 * The document's bytes are served only with the admin's bearer token, so they are fetched here and
 * shown from memory: the token never goes into a URL, a link or the browser history.
 */
export async function getIdentityDocument(url: string, signal?: AbortSignal): Promise<IdentityDocumentFile> {
  const token = getToken();
  const response = await fetch(url, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal,
  });
  if (!response.ok) throw toApiError(response.status, parseBody(await response.text()));
  return {
    blob: await response.blob(),
    fileName: fileNameOf(response.headers.get('content-disposition'), 'identity-document'),
  };
}
