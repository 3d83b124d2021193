import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings, UpdateNotificationSetting } from '#common/events.ts';
import { api } from '../../../lib/api-client.ts';

const key = ['me', 'notification-settings'] as const;

/** GET /api/me/notification-settings: every kind, in the app, by email and by push. */
export const notificationSettingsQueryOptions = () =>
  queryOptions({
    queryKey: key,
    queryFn: async ({ signal }) =>
      (await api.get('/me/notification-settings', { signal })) as NotificationSettings,
  });

export const useNotificationSettings = () => useQuery(notificationSettingsQueryOptions());

/**
 * PUT /api/me/notification-settings: one switch. The box changes at once; the answer (the whole
 * new list) replaces it, and a refusal puts the old list back.
 */
export function useUpdateNotificationSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: UpdateNotificationSetting) =>
      (await api.put('/me/notification-settings', change)) as NotificationSettings,
    onMutate: (change) => {
      const before = queryClient.getQueryData<NotificationSettings>(key);
      if (before)
        queryClient.setQueryData<NotificationSettings>(key, {
          items: before.items.map((item) =>
            item.kind === change.kind
              ? {
                  ...item,
                  ...(change.inApp === undefined || item.inApp === null ? {} : { inApp: change.inApp }),
                  ...(change.push === undefined ? {} : { push: change.push }),
                  ...(change.email === undefined || item.email === null ? {} : { email: change.email }),
                }
              : item,
          ),
        });
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (settings) => queryClient.setQueryData(key, settings),
  });
}
