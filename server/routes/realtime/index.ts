import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { describeDevice } from '../../../common/device.ts';
import {
  notificationListSchema,
  notificationSettingsSchema,
  updateNotificationSettingSchema,
} from '../../../common/events.ts';
import { pageOf, pageQuerySchema } from '../../../common/schemas/pagination.ts';
import {
  pushSettingsUpdateSchema,
  pushStateSchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
} from '../../../common/schemas/push.ts';
import type { BusEvent } from '../../adapters/bus/bus.ts';
import { signedIn } from '../../plugins/auth.ts';
import {
  presentNotificationList,
  presentNotificationSettings,
} from '../../presenters/realtime/notification.ts';
import { presentPushState } from '../../presenters/realtime/push.ts';
import type { EventsService } from '../../services/realtime/events.service.ts';
import type { NotificationsService } from '../../services/realtime/notifications.service.ts';
import type { PushService } from '../../services/realtime/push.service.ts';
import { bearer, errorResponses } from '../auth/responses.ts';
import { endpoint, registerEndpoints } from '../endpoints.ts';
import { eventStreams, sseFrame } from '../sse.ts';

/** Notifications and the choice of which ones come, in the app, by email and by push. */
export function notificationEndpoints(notifications: NotificationsService, push: PushService) {
  return [
    endpoint({
      method: 'GET',
      url: '/api/notifications',
      summary: 'Your notifications, newest first, with the unread count',
      caller: 'user',
      query: pageQuerySchema({ defaultLimit: 20, maxLimit: 50 }),
      response: notificationListSchema,
      errors: [400],
      handler: async ({ user, query }) =>
        presentNotificationList(await notifications.list(user.id, { ...pageOf(query) })),
    }),
    endpoint({
      method: 'POST',
      url: '/api/notifications/read',
      summary: 'Mark all your notifications read',
      caller: 'user',
      status: 204,
      response: z.null(),
      handler: async ({ user }) => {
        await notifications.markAllRead(user.id);
        return null;
      },
    }),
    endpoint({
      method: 'GET',
      url: '/api/me/notification-settings',
      summary: 'Which notifications you get in the app, by email and by push, per kind',
      caller: 'user',
      response: notificationSettingsSchema,
      handler: async ({ user }) => presentNotificationSettings(await notifications.settings(user.id)),
    }),
    endpoint({
      method: 'PUT',
      url: '/api/me/notification-settings',
      summary: 'Turn one kind of notification on or off, in the app, by email or by push',
      caller: 'user',
      body: updateNotificationSettingSchema,
      response: notificationSettingsSchema,
      errors: [400],
      handler: async ({ user, body }) =>
        presentNotificationSettings(await notifications.updateSetting(user.id, body)),
    }),
    endpoint({
      method: 'GET',
      url: '/api/me/push',
      summary: 'Push notifications: the key a browser subscribes with, your devices, your choices',
      caller: 'user',
      response: pushStateSchema,
      handler: async ({ user, session }) => presentPushState(await push.state(user.id), session.id),
    }),
    endpoint({
      method: 'POST',
      url: '/api/me/push/subscriptions',
      summary: 'Turn push notifications on for this browser (its PushSubscription)',
      caller: 'user',
      body: pushSubscriptionSchema,
      status: 201,
      response: pushStateSchema,
      errors: [400, 429],
      handler: async ({ user, session, body, request }) => {
        await push.subscribe(user, session.id, body, describeDevice(request.headers['user-agent'] ?? null));
        return presentPushState(await push.state(user.id), session.id);
      },
    }),
    endpoint({
      method: 'POST',
      url: '/api/me/push/unsubscribe',
      summary:
        'Turn push notifications off for one of your browsers (by its endpoint, or its id in Settings)',
      caller: 'user',
      body: pushUnsubscribeSchema,
      response: pushStateSchema,
      errors: [400],
      handler: async ({ user, session, body }) => {
        await push.unsubscribe(user.id, body);
        return presentPushState(await push.state(user.id), session.id);
      },
    }),
    endpoint({
      method: 'PUT',
      url: '/api/me/push/settings',
      summary: 'Whether message pushes show the words of the message',
      caller: 'user',
      body: pushSettingsUpdateSchema,
      response: pushStateSchema,
      errors: [400],
      handler: async ({ user, session, body }) => {
        await push.setHidePreviews(user.id, body.hidePreviews);
        return presentPushState(await push.state(user.id), session.id);
      },
    }),
  ];
}

const eventRoutes: FastifyPluginAsyncZod<{
  events: EventsService;
  notifications: NotificationsService;
  push: PushService;
  /** Told how many streams are open (metrics). */
  onStreamCount?: (open: number) => void;
}> = async (app, { events, notifications, push, onStreamCount }) => {
  const streams = eventStreams(app, onStreamCount);

  // Hand-written: a server-sent event stream, held open and written to as events come.
  app.get(
    '/api/events',
    {
      preHandler: app.authenticate,
      compress: false,
      schema: {
        tags: ['events'],
        summary:
          'Server-sent events for the signed-in user (message.created, message.read, conversation.updated, ' +
          'notification). Send Last-Event-ID to replay what came after that event: the last one a ' +
          'dropped stream received, or the one a server-rendered page names (data-events-from).',
        security: bearer,
        headers: z.object({
          'last-event-id': z
            .string()
            .regex(/^\d{1,18}$/)
            .optional(),
        }),
        response: errorResponses(401),
      },
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      // Listen first and hold live events until the replay is written, so nothing falls between.
      const resumeFrom = request.headers['last-event-id'];
      let lastSent = Number(resumeFrom ?? 0);
      let held: BusEvent[] | null = [];
      const send = (event: BusEvent) => {
        if (event.id <= lastSent) return;
        lastSent = event.id;
        stream.write(sseFrame(event));
      };
      const unsubscribe = events.subscribe(user.id, (event) => (held ? held.push(event) : send(event)));
      // While the bus is cut off from other processes, what they publish is read from the database.
      let catchingUp = false;
      const stopCatchingUp = events.onMissed(() => {
        if (held || catchingUp) return;
        catchingUp = true;
        events
          .replay(user.id, lastSent)
          .then((missed) => {
            for (const event of missed) send(event);
          })
          .catch((error: unknown) => request.log.warn({ err: error }, 'event catch-up failed'))
          .finally(() => {
            catchingUp = false;
          });
      });
      const stream = streams.start(request, reply, () => {
        stopCatchingUp();
        unsubscribe();
      });

      try {
        // 0 too: a page rendered before the first event ever pushed asks for everything after it.
        if (resumeFrom !== undefined) for (const event of await events.replay(user.id, lastSent)) send(event);
      } catch (error) {
        request.log.warn({ err: error }, 'event replay failed');
      }
      for (const event of held) send(event);
      held = null;
      stream.write(`event: ready\ndata: ${JSON.stringify({ lastEventId: lastSent })}\n\n`);
    },
  );

  registerEndpoints(app, ['events'], notificationEndpoints(notifications, push));
};

export default eventRoutes;
