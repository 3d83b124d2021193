import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * DELETE /api/media/delete {url}: the owner removes one of their uploads, every rendition with it.
 * Any of the media's URLs names it; `/api/media/<id>` does too, even before it has renditions.
 */
export async function deleteMedia(url: string): Promise<void> {
  await api.request('/media/delete', { method: 'DELETE', body: { url } });
}

/** The media's own API path, which the delete call accepts whatever its renditions' URLs look like. */
export const mediaPath = (id: string) => `/api/media/${encodeURIComponent(id)}`;

export function useDeleteMedia() {
  return useMutation({ mutationFn: deleteMedia });
}
