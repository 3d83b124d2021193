import {
  type NotificationKind,
  type NotificationList,
  type NotificationSettings,
  type NotificationView,
  notificationKindInfo,
} from '../../../common/events.ts';
import type { NotificationRow } from '../../repositories/realtime/notifications.repository.ts';

/** A notification as its owner sees it: the actor named by first and last name, never by email. */
export function presentNotification({ notification, actor }: NotificationRow): NotificationView {
  const name = actor ? `${actor.firstName} ${actor.lastName}`.trim() || 'Someone' : null;
  return {
    id: notification.id,
    kind: notification.kind,
    text: notification.text,
    actor: actor && name ? { id: actor.id, name, avatarUrl: actor.profileImage } : null,
    link: notification.link,
    read: notification.read,
    createdAt: notification.createdAt.toISOString(),
  };
}

/** Settings > Notifications: every kind in the table's order with its label and the user's choice. */
export function presentNotificationSettings(
  choices: { kind: NotificationKind; inApp: boolean | null; email: boolean | null; push: boolean }[],
): NotificationSettings {
  return {
    items: choices.map(({ kind, inApp, email, push }) => ({
      kind,
      label: notificationKindInfo[kind].label,
      inApp,
      email,
      push,
    })),
  };
}

/** GET /api/notifications: a page of the owner's notifications with the unread count. */
export function presentNotificationList(page: {
  rows: NotificationRow[];
  nextCursor: string | null;
  unread: number;
}): NotificationList {
  return { items: page.rows.map(presentNotification), unread: page.unread, nextCursor: page.nextCursor };
}
