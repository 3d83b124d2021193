import { apiBaseUrl, parseBody, toApiError } from '../../../lib/api-client.ts';
import { getToken, signOut } from '../../../lib/session.ts';

export interface DataArchive {
  blob: Blob;
  fileName: string;
}

function fileNameOf(disposition: string | null): string {
  const match = disposition?.match(/filename="?([^";]+)"?/i);
  return match?.[1] ?? 'fanplace-data.zip';
}

/**
 * GET /api/me/exports/:id/download: the zip the job made, read here chunk by chunk with the bytes
 * received so far reported. The bearer token travels in a header, never in a link.
 */
export async function downloadMyData(
  exportId: string,
  onProgress: (receivedBytes: number) => void,
  signal?: AbortSignal,
): Promise<DataArchive> {
  const token = getToken();
  const response = await fetch(`${apiBaseUrl}/me/exports/${encodeURIComponent(exportId)}/download`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal,
  });
  if (!response.ok) {
    if (response.status === 401) signOut();
    throw toApiError(response.status, parseBody(await response.text()));
  }
  const type = response.headers.get('content-type') ?? 'application/zip';
  const fileName = fileNameOf(response.headers.get('content-disposition'));
  if (!response.body) return { blob: await response.blob(), fileName };

  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress(received);
  }
  return { blob: new Blob(chunks, { type }), fileName };
}

/** Hands the archive to the browser as a download, then lets the memory go. */
export function saveFile({ blob, fileName }: DataArchive): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Kept a while: some browsers read the object URL after click() has returned.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
