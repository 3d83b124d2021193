import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageSettings } from '#common/schemas/messages.ts';
import { ApiError, api } from '../../../lib/api-client.ts';
import { messageKeys } from './keys.ts';
import { readMessageSettings } from './read-response.ts';

const path = '/creators/me/message-settings';

const isCreator = (body: unknown) =>
  typeof body === 'object' && body !== null && 'creator' in body && body.creator !== null;

/**
 * GET /api/creators/me/message-settings; null when the viewer is not a creator. Asking
 * /api/creators/me first spares everyone else a 404 (which the browser would log as an error).
 */
export async function getMessageSettings(signal?: AbortSignal): Promise<MessageSettings | null> {
  if (!isCreator(await api.get('/creators/me', { signal }))) return null;
  try {
    return readMessageSettings(await api.get(path, { signal }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** PUT /api/creators/me/message-settings */
export async function saveMessageSettings(settings: MessageSettings): Promise<MessageSettings> {
  return readMessageSettings(await api.put(path, settings));
}

export function messageSettingsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: messageKeys.settings(userId),
    queryFn: ({ signal }) => getMessageSettings(signal),
  });
}

export function useMessageSettings(userId: string) {
  return useQuery(messageSettingsQueryOptions(userId));
}

export function useSaveMessageSettings(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMessageSettings,
    onSuccess: (saved) => queryClient.setQueryData(messageKeys.settings(userId), saved),
  });
}
