import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  notificationListSchema,
  notificationSettingsSchema,
  updateNotificationSettingSchema,
} from '../../../common/events.ts';
import { pageOf, pageQuerySchema } from '../../../common/schemas/pagination.ts';
import type { BusEvent } from '../../adapters/bus/bus.ts';
import { signedIn } from '../../plugins/auth.ts';
import type { EventsService } from '../../services/realtime/events.service.ts';
import type { NotificationsService } from '../../services/realtime/notifications.service.ts';
import { bearer, errorResponses } from '../auth/responses.ts';
import { eventStreams, sseFrame } from '../sse.ts';

const eventRoutes: FastifyPluginAsyncZod<{
  events: EventsService;
  notifications: NotificationsService;
  /** Told how many streams are open (metrics). */
  onStreamCount?: (open: number) => void;
}> = async (app, { events, notifications, onStreamCount }) => {
  const streams = eventStreams(app, onStreamCount);

  app.get(
    '/api/events',
    {
      preHandler: app.authenticate,
      compress: false,
      schema: {
        tags: ['events'],
        summary:
          'Server-sent events for the signed-in user (message.created, message.read, conversation.updated, ' +
          'notification). Send Last-Event-ID to replay what a dropped stream missed.',
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
      let lastSent = Number(request.headers['last-event-id'] ?? 0);
      let held: BusEvent[] | null = [];
      const send = (event: BusEvent) => {
        if (event.id <= lastSent) return;
        lastSent = event.id;
        stream.write(sseFrame(event));
      };
      const unsubscribe = events.subscribe(user.id, (event) => (held ? held.push(event) : send(event)));
      const stream = streams.start(request, reply, unsubscribe);

      try {
        if (lastSent > 0) for (const event of await events.replay(user.id, lastSent)) send(event);
      } catch (error) {
        request.log.warn({ err: error }, 'event replay failed');
      }
      for (const event of held) send(event);
      held = null;
      stream.write(`event: ready\ndata: ${JSON.stringify({ lastEventId: lastSent })}\n\n`);
    },
  );

  app.get(
    '/api/notifications',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['events'],
        summary: 'Your notifications, newest first, with the unread count',
        security: bearer,
        querystring: pageQuerySchema({ defaultLimit: 20, maxLimit: 50 }),
        response: { 200: notificationListSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) =>
      notifications.list(signedIn(request).user.id, {
        ...pageOf(request.query),
      }),
  );

  app.post(
    '/api/notifications/read',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['events'],
        summary: 'Mark all your notifications read',
        security: bearer,
        response: { 204: z.null(), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      await notifications.markAllRead(signedIn(request).user.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/me/notification-settings',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['events'],
        summary: 'Which notifications you get in the app and by email, per kind',
        security: bearer,
        response: { 200: notificationSettingsSchema, ...errorResponses(401) },
      },
    },
    async (request) => notifications.settings(signedIn(request).user.id),
  );

  app.put(
    '/api/me/notification-settings',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['events'],
        summary: 'Turn one kind of notification on or off, in the app or by email',
        security: bearer,
        body: updateNotificationSettingSchema,
        response: { 200: notificationSettingsSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => notifications.updateSetting(signedIn(request).user.id, request.body),
  );
};

export default eventRoutes;
