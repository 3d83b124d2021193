import { useQueryClient } from '@tanstack/react-query';
import { useStreamEvent, useStreamOpen } from '../../lib/event-stream.ts';
import { toast } from '../../lib/toast.ts';
import { type NotificationPages, notificationKeys, readNotification } from './api/get-notifications.ts';
import { withNotification } from './cache.ts';

/**
 * A pushed notification goes on top of the bell's list, raises its count and shows a toast. A payout
 * notice (paid, failed, returned, account changed) also refreshes the money screens, so an open wallet
 * or payout history shows the new state: their keys all start with `fan-payments`.
 */
export function useNotificationEvents(userId: string) {
  const queryClient = useQueryClient();

  useStreamEvent('notification', (event) => {
    const data = event.data as { notification?: unknown; unread?: unknown } | null;
    let notification: ReturnType<typeof readNotification>;
    try {
      notification = readNotification(data?.notification);
    } catch (error) {
      console.warn('Could not read a notification event', error);
      return;
    }
    const key = notificationKeys.list(userId);
    if (queryClient.getQueryData(key) && typeof data?.unread === 'number') {
      const unread = data.unread;
      queryClient.setQueryData<NotificationPages>(key, (old) => withNotification(old, notification, unread));
    } else {
      void queryClient.invalidateQueries({ queryKey: key });
    }
    if (notification.kind === 'payout') void queryClient.invalidateQueries({ queryKey: ['fan-payments'] });
    toast.message(notification.text);
  });

  useStreamOpen(({ reconnected }) => {
    if (reconnected) void queryClient.invalidateQueries({ queryKey: notificationKeys.list(userId) });
  });
}
