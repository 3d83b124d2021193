import { useQuery } from '@tanstack/react-query';
import type { MediaView } from '#common/schemas/media.ts';
import { api } from '../../../lib/api-client.ts';

/** How often a media object still being processed (a video's transcode) is asked for again. */
export const PROCESSING_POLL_MS = 3000;

export const mediaKey = (id: string) => ['media', id] as const;

/** GET /api/media/:id: the object as this viewer may see it (status, sizes, URLs). */
export async function getMedia(id: string): Promise<MediaView> {
  return (await api.get(`/media/${encodeURIComponent(id)}`)) as MediaView;
}

/**
 * The latest state of `media`: while it is `processing`, GET /api/media/:id is polled until it is
 * ready or failed; otherwise (or before the first answer) `media` itself.
 */
export function useMediaStatus(media: MediaView | null): MediaView | null {
  const processing = media?.status === 'processing';
  const query = useQuery({
    queryKey: mediaKey(media?.id ?? ''),
    queryFn: () => getMedia(media?.id ?? ''),
    enabled: processing,
    refetchInterval: (current) =>
      current.state.data?.status === 'processing' || current.state.data === undefined
        ? PROCESSING_POLL_MS
        : false,
    refetchIntervalInBackground: false,
    retry: 2,
  });
  if (!media) return null;
  if (!processing) return media;
  return query.data?.id === media.id ? query.data : media;
}
