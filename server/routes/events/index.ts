import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HEARTBEAT_MS, notificationListSchema } from '../../../common/events.ts';
import { limits } from '../../../common/limits.ts';
import type { BusEvent } from '../../adapters/bus/bus.ts';
import { signedIn } from '../../plugins/auth.ts';
import type { EventsService } from '../../services/realtime/events.service.ts';
import type { NotificationsService } from '../../services/realtime/notifications.service.ts';
import { bearer, errorResponses } from '../auth/responses.ts';

const frame = (event: BusEvent) =>
  `id: ${event.id}\nevent: ${event.name}\ndata: ${JSON.stringify(event.payload)}\n\n`;

const eventRoutes: FastifyPluginAsyncZod<{
  events: EventsService;
  notifications: NotificationsService;
  /** Told how many streams are open (metrics). */
  onStreamCount?: (open: number) => void;
}> = async (app, { events, notifications, onStreamCount }) => {
  const open = new Set<(closingServer?: boolean) => void>();
  const counted = () => onStreamCount?.(open.size);
  // A stream never finishes by itself: end them all when the server stops taking requests.
  app.addHook('preClose', async () => {
    for (const end of open) end(true);
  });

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
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      raw.write(`retry: ${limits.streamReconnectMs}\n\n`);

      // Listen first and hold live events until the replay is written, so nothing falls between.
      let lastSent = Number(request.headers['last-event-id'] ?? 0);
      let held: BusEvent[] | null = [];
      const send = (event: BusEvent) => {
        if (event.id <= lastSent) return;
        lastSent = event.id;
        raw.write(frame(event));
      };
      const unsubscribe = events.subscribe(user.id, (event) => (held ? held.push(event) : send(event)));
      const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
      const end = (closingServer = false) => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(end);
        counted();
        // On shutdown the connection goes too, or its keep-alive would hold the process open.
        if (closingServer) raw.end(() => raw.socket?.destroy());
        else raw.end();
      };
      open.add(end);
      counted();
      request.raw.on('close', () => end());

      try {
        if (lastSent > 0) for (const event of await events.replay(user.id, lastSent)) send(event);
      } catch (error) {
        request.log.warn({ err: error }, 'event replay failed');
      }
      for (const event of held) send(event);
      held = null;
      raw.write(`event: ready\ndata: ${JSON.stringify({ lastEventId: lastSent })}\n\n`);
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
        querystring: z.object({
          cursor: z.string().max(200).optional(),
          limit: z.coerce.number().int().min(1).max(50).default(20),
        }),
        response: { 200: notificationListSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) =>
      notifications.list(signedIn(request).user.id, {
        limit: request.query.limit,
        ...(request.query.cursor ? { cursor: request.query.cursor } : {}),
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
};

export default eventRoutes;
