import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type WatermarkSettings, watermarkSettingsSchema } from '#common/schemas/creators.ts';
import { ApiError, api } from '../../../lib/api-client.ts';

const path = '/creators/me/watermark';

/** The mark's settings and the creator's handle (for the preview). */
export interface WatermarkState {
  settings: WatermarkSettings;
  handle: string;
}

const handleOf = (body: unknown): string | null => {
  if (typeof body !== 'object' || body === null || !('creator' in body)) return null;
  const creator = (body as { creator: unknown }).creator;
  if (typeof creator !== 'object' || creator === null || !('handle' in creator)) return null;
  const handle = (creator as { handle: unknown }).handle;
  return typeof handle === 'string' ? handle : null;
};

/**
 * GET /api/creators/me/watermark; null when the viewer is not a creator. Asking /api/creators/me
 * first spares everyone else a 404 (which the browser would log as an error), and gives the handle.
 */
export async function getWatermark(signal?: AbortSignal): Promise<WatermarkState | null> {
  const handle = handleOf(await api.get('/creators/me', { signal }));
  if (handle === null) return null;
  try {
    return { settings: watermarkSettingsSchema.parse(await api.get(path, { signal })), handle };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

const watermarkKey = ['creator', 'watermark'] as const;

export const watermarkQueryOptions = queryOptions({
  queryKey: watermarkKey,
  queryFn: ({ signal }) => getWatermark(signal),
});

export function useWatermark() {
  return useQuery(watermarkQueryOptions);
}

/** PUT /api/creators/me/watermark */
export function useSaveWatermark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: WatermarkSettings) =>
      watermarkSettingsSchema.parse(await api.put(path, settings)),
    onSuccess: (settings) =>
      queryClient.setQueryData<WatermarkState | null>(watermarkKey, (state) =>
        state ? { ...state, settings } : state,
      ),
  });
}
