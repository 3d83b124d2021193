import {
  type NotificationKind,
  type NotificationView,
  notificationKindInfo,
  notificationKinds,
  type UpdateNotificationSetting,
} from '../../../common/events.ts';
import type { Outbox } from '../../adapters/mail/index.ts';
import type { MailMessage } from '../../adapters/mail/mailer.ts';
import type { Clock } from '../../lib/clock.ts';
import { decodeCursor, keysetPage } from '../../lib/cursor.ts';
import type {
  NotificationChoice,
  NotificationPreferencesRepository,
} from '../../repositories/realtime/notification-preferences.repository.ts';
import type {
  NotificationRow,
  NotificationsRepository,
} from '../../repositories/realtime/notifications.repository.ts';
import type { EventsService } from './events.service.ts';
import type { PushService } from './push.service.ts';

/** One kind as this user has it: where it goes (null: that way does not exist for the kind). */
export interface KindChoice {
  kind: NotificationKind;
  inApp: boolean | null;
  email: boolean | null;
  push: boolean;
}

/** A kind's defaults (common/events.ts `notificationKindInfo`) with the user's own choice over them. */
function choiceOf(kind: NotificationKind, saved: NotificationChoice | null | undefined): KindChoice {
  const info = notificationKindInfo[kind];
  return {
    kind,
    // A kind that is never in the bell or never emailed stays so whatever was saved.
    inApp: info.inApp === null ? null : (saved?.inApp ?? info.inApp),
    email: info.email === null ? null : (saved?.email ?? info.email),
    push: saved?.push ?? info.push,
  };
}

/**
 * Every notification (follow, subscribe, purchase, like, comment, reply, payouts, ...): stored,
 * counted and sent to the user's open tabs, emailed for the kinds that have an email, and pushed to
 * the devices that turned push on, each as the user chose in Settings.
 */
export function createNotificationsService(deps: {
  notifications: NotificationsRepository;
  preferences: NotificationPreferencesRepository;
  events: Pick<EventsService, 'emit'>;
  push: Pick<PushService, 'announce'>;
  outbox: Pick<Outbox, 'sendInBackground'>;
  clock: Clock;
  /** How a stored notification is sent to the owner's tabs (its presenter, given by the module). */
  present: (row: NotificationRow) => NotificationView;
  onError: (error: unknown) => void;
}) {
  /** Every kind, in the table's order, as this user has it. */
  async function settings(userId: string): Promise<KindChoice[]> {
    const saved = await deps.preferences.forUser(userId);
    return notificationKinds.map((kind) => choiceOf(kind, saved.get(kind)));
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
          await deps.events.emit([input.userId], 'notification', { notification: deps.present(row), unread });
        }
        if (email && choice.email) {
          const address = await deps.preferences.addressOf(input.userId);
          if (address) deps.outbox.sendInBackground(email(address));
        }
        // The push job reads the choice again for each device's owner: only its words are given here.
        if (choice.push) {
          await deps.push.announce(
            input.kind,
            { userIds: [input.userId] },
            { title: input.text, url: input.link?.startsWith('/') ? input.link : '/' },
          );
        }
      } catch (error) {
        deps.onError(error);
      }
    },

    /**
     * A post went out (at once or on its schedule): its creator's subscribers hear of it by push,
     * by name only (never its words or media: the push service is not a subscriber).
     */
    async newPost(post: { id: string; creatorId: string; creatorName: string }) {
      await deps.push.announce(
        'new_post',
        { subscribersOf: post.creatorId },
        {
          title: `${post.creatorName} posted something new`,
          url: `/post/${post.id}`,
          tag: `post-${post.id}`,
        },
      );
    },

    settings,

    async updateSetting(userId: string, change: UpdateNotificationSetting): Promise<KindChoice[]> {
      const current = choiceOf(change.kind, await deps.preferences.find(userId, change.kind));
      await deps.preferences.save(
        userId,
        change.kind,
        {
          inApp: change.inApp ?? current.inApp ?? false,
          email: change.email ?? current.email ?? false,
          push: change.push ?? current.push,
        },
        deps.clock.now(),
      );
      return settings(userId);
    },

    async list(userId: string, options: { limit: number; cursor?: string }) {
      const before = decodeCursor(options.cursor, ['id'])?.id;
      const rows = await deps.notifications.list(userId, {
        limit: options.limit + 1,
        ...(before ? { beforeId: before } : {}),
      });
      return {
        ...keysetPage(rows, options.limit, (last) => ({ id: last.notification.id })),
        unread: await deps.notifications.unreadCount(userId),
      };
    },

    markAllRead: (userId: string) => deps.notifications.markAllRead(userId),
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
