import { useNotificationEvents } from '../use-notification-events.ts';

/** Mounted once in the app shell while signed in: pushed notifications into the bell and a toast. */
export function NotificationSync({ userId }: { userId: string }) {
  useNotificationEvents(userId);
  return null;
}
