import type { FastifyInstance } from 'fastify';
import { createEventBus } from '../adapters/bus/index.ts';
import eventRoutes from '../routes/events/index.ts';
import { createConversationChanges } from '../services/messaging/conversation-changes.ts';
import { createEventsService } from '../services/realtime/events.service.ts';
import { createNotificationsService } from '../services/realtime/notifications.service.ts';
import type { Platform } from './platform.ts';

/**
 * The live path: events stored and published on the bus (Redis, or in-process), each user's event
 * stream (/api/events), notifications, and the conversation changes pushed to open chats.
 */
export async function registerRealtime(
  app: FastifyInstance,
  p: Platform,
  options: { onStreamCount: (open: number) => void },
) {
  const { repos, clock, log } = p;
  const bus = createEventBus(p.config.redisUrl, log);
  app.addHook('onClose', async () => {
    await bus.close();
  });
  const events = createEventsService({
    events: repos.events,
    bus,
    clock,
    onError: (error) => log.error({ err: error }, 'publishing an event failed'),
  });
  const notifications = createNotificationsService({
    notifications: repos.notifications,
    preferences: repos.notificationPreferences,
    events,
    outbox: p.outbox,
    clock,
    onError: (error) => log.error({ err: error }, 'a notification failed'),
  });
  const conversationChanges = createConversationChanges({
    conversations: repos.conversations,
    events,
    onError: (error) => log.error({ err: error }, 'announcing a conversation change failed'),
  });
  await app.register(eventRoutes, { events, notifications, onStreamCount: options.onStreamCount });
  return { events, notifications, conversationChanges };
}

export type RealtimeModule = Awaited<ReturnType<typeof registerRealtime>>;
