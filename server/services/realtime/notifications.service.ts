import {
  type NotificationKind,
  type NotificationList,
  type NotificationSettings,
  notificationKindInfo,
  notificationKinds,
  type UpdateNotificationSetting,
} from '../../../common/events.ts';
import type { Outbox } from '../../adapters/mail/index.ts';
import type { MailMessage } from '../../adapters/mail/mailer.ts';
import type { Clock } from '../../lib/clock.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { presentNotification, presentNotificationSettings } from '../../presenters/notification.ts';
import type {
  NotificationChoice,
  NotificationPreferencesRepository,
} from '../../repositories/notification-preferences.repository.ts';
import type { NotificationsRepository } from '../../repositories/notifications.repository.ts';
import type { EventsService } from './events.service.ts';

/** A kind's defaults (common/events.ts `notificationKindInfo`) with the user's own choice over them. */
function choiceOf(kind: NotificationKind, saved: NotificationChoice | null | undefined) {
  const info = notificationKindInfo[kind];
  return {
    inApp: saved?.inApp ?? info.inApp,
    // A kind that is never emailed stays so whatever was saved.
    email: info.email === null ? null : (saved?.email ?? info.email),
  };
}

/**
 * Every notification (follow, subscribe, purchase, like, comment, reply): stored, counted and pushed
 * to the user's open tabs, and emailed for the kinds that have an email, each as the user chose in
 * Settings.
 */
export function createNotificationsService(deps: {
  notifications: NotificationsRepository;
  preferences: NotificationPreferencesRepository;
  events: Pick<EventsService, 'emit'>;
  outbox: Pick<Outbox, 'sendInBackground'>;
  clock: Clock;
  onError: (error: unknown) => void;
}) {
  /** Every kind, in the table's order, as this user has it. */
  async function settings(userId: string): Promise<NotificationSettings> {
    const saved = await deps.preferences.forUser(userId);
    return presentNotificationSettings(
      notificationKinds.map((kind) => ({ kind, ...choiceOf(kind, saved.get(kind)) })),
    );
  }

  return {
    /**
     * Never fails the action that caused it: a notification that cannot be sent is logged.
     * `email` writes the message for the user's address when the kind is emailed and they want it.
     */
    async notify(input: {
      userId: string;
      kind: NotificationKind;
      actorId: string | null;
      text: string;
      link: string | null;
      email?: (to: { email: string; firstName: string }) => MailMessage;
    }) {
      if (input.actorId === input.userId) return;
      try {
        const { email, ...stored } = input;
        const choice = choiceOf(input.kind, await deps.preferences.find(input.userId, input.kind));
        if (choice.inApp) {
          const row = await deps.notifications.create({ ...stored, createdAt: deps.clock.now() });
          const unread = await deps.notifications.unreadCount(input.userId);
          await deps.events.emit([input.userId], 'notification', {
            notification: presentNotification(row),
            unread,
          });
        }
        if (email && choice.email) {
          const address = await deps.preferences.addressOf(input.userId);
          if (address) deps.outbox.sendInBackground(email(address));
        }
      } catch (error) {
        deps.onError(error);
      }
    },

    settings,

    async updateSetting(userId: string, change: UpdateNotificationSetting): Promise<NotificationSettings> {
      const current = choiceOf(change.kind, await deps.preferences.find(userId, change.kind));
      await deps.preferences.save(
        userId,
        change.kind,
        { inApp: change.inApp ?? current.inApp, email: change.email ?? current.email ?? false },
        deps.clock.now(),
      );
      return settings(userId);
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
        items: page.map(presentNotification),
        unread: await deps.notifications.unreadCount(userId),
        nextCursor: rows.length > options.limit && last ? encodeCursor({ id: last.notification.id }) : null,
      };
    },

    markAllRead: (userId: string) => deps.notifications.markAllRead(userId),
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
