import type { NotificationView } from '#common/events.ts';
import type { NotificationPages } from './api/get-notifications.ts';

/** A pushed notification on top of the list, once, with the server's new unread count. */
export function withNotification(
  data: NotificationPages | undefined,
  notification: NotificationView,
  unread: number,
): NotificationPages | undefined {
  const [newest, ...older] = data?.pages ?? [];
  if (!data || !newest) return data;
  const known = data.pages.some((page) => page.items.some((item) => item.id === notification.id));
  const items = known ? newest.items : [notification, ...newest.items];
  return { ...data, pages: [{ ...newest, items, unread }, ...older] };
}

/** After 'mark all read': the count drops at once; `items` too once the list is closed. */
export function allRead(data: NotificationPages | undefined, items: boolean): NotificationPages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page, index) => ({
      ...page,
      unread: index === 0 ? 0 : page.unread,
      items: items ? page.items.map((item) => (item.read ? item : { ...item, read: true })) : page.items,
    })),
  };
}
