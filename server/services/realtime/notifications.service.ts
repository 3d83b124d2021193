import type { NotificationKind, NotificationList, NotificationView } from '../../../common/events.ts';
import type { Clock } from '../../lib/clock.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import type {
  NotificationRow,
  NotificationsRepository,
} from '../../repositories/notifications.repository.ts';
import type { EventsService } from './events.service.ts';

function present({ notification, actor }: NotificationRow): NotificationView {
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

/** New follower, subscriber, purchase, like: stored, counted, and pushed to the user's open tabs. */
export function createNotificationsService(deps: {
  notifications: NotificationsRepository;
  events: Pick<EventsService, 'emit'>;
  clock: Clock;
  onError: (error: unknown) => void;
}) {
  return {
    /** Never fails the action that caused it: a notification that cannot be sent is logged. */
    async notify(input: {
      userId: string;
      kind: NotificationKind;
      actorId: string | null;
      text: string;
      link: string | null;
    }) {
      if (input.actorId === input.userId) return;
      try {
        const row = await deps.notifications.create({ ...input, createdAt: deps.clock.now() });
        const unread = await deps.notifications.unreadCount(input.userId);
        await deps.events.emit([input.userId], 'notification', { notification: present(row), unread });
      } catch (error) {
        deps.onError(error);
      }
    },

    async list(userId: string, options: { limit: number; cursor?: string }): Promise<NotificationList> {
      const before = decodeCursor(options.cursor, ['id'])?.id;
      const rows = await deps.notifications.list(userId, {
        limit: options.limit + 1,
        ...(before ? { beforeId: before } : {}),
      });
      const page = rows.slice(0, options.limit);
      const last = page.at(-1);
      return {
        items: page.map(present),
        unread: await deps.notifications.unreadCount(userId),
        nextCursor: rows.length > options.limit && last ? encodeCursor({ id: last.notification.id }) : null,
      };
    },

    markAllRead: (userId: string) => deps.notifications.markAllRead(userId),
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
