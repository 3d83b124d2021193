import { createEventBus } from '../adapters/bus/index.ts';
import { pruneUserEventsJob } from '../jobs/prune-user-events.ts';
import eventRoutes from '../routes/realtime/index.ts';
import { createConversationChanges } from '../services/messages/conversation-changes.ts';
import { createEventsService } from '../services/realtime/events.service.ts';
import { createNotificationsService } from '../services/realtime/notifications.service.ts';
import { defineModule } from './module.ts';
import type { Platform } from './platform.ts';

/**
 * The live path: events stored and published on the bus (Redis, or in-process), each user's event
 * stream (/api/events), notifications, and the conversation changes pushed to open chats. The
 * worker builds it too: what it publishes reaches the web processes' open tabs over Redis.
 */
export function createRealtimeModule(p: Platform) {
  const { repos, clock, log } = p;
  const bus = createEventBus(p.config.redisUrl, log);
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
  let openStreams = 0;
  return defineModule({
    name: 'realtime',
    events,
    notifications,
    conversationChanges,
    /** Event streams open in this process (a metric). */
    openStreams: () => openStreams,
    routes: async (app) => {
      await app.register(eventRoutes, {
        events,
        notifications,
        onStreamCount: (count) => {
          openStreams = count;
        },
      });
    },
    jobs: [
      pruneUserEventsJob({
        events: repos.events,
        clock,
        log: (removed) => log.info({ removed }, 'pruned pushed events'),
      }),
    ],
    close: () => bus.close(),
  });
}

export type RealtimeModule = ReturnType<typeof createRealtimeModule>;
