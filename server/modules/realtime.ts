import type { EventName, EventPayload } from '../../common/events.ts';
import { createEventBus } from '../adapters/bus/index.ts';
import { createPushSender } from '../adapters/push.ts';
import { pruneUserEventsJob } from '../jobs/prune-user-events.ts';
import { presentNotification } from '../presenters/realtime/notification.ts';
import { pushForMessage } from '../presenters/realtime/push.ts';
import eventRoutes from '../routes/realtime/index.ts';
import { createConversationChanges } from '../services/messages/conversation-changes.ts';
import { createEventsService } from '../services/realtime/events.service.ts';
import { createNotificationsService } from '../services/realtime/notifications.service.ts';
import { createPushService, type PushMessage, sendPushJob } from '../services/realtime/push.service.ts';
import { defineModule } from './module.ts';
import type { Platform } from './platform.ts';

/**
 * The live path: events stored and published on the bus (Redis, or in-process), each user's event
 * stream (/api/events), notifications, push notifications to devices, and the conversation changes
 * pushed to open chats. The worker builds it too: what it publishes reaches the web processes'
 * open tabs over Redis, and it sends the pushes.
 */
export function createRealtimeModule(p: Platform) {
  const { repos, clock, log } = p;
  const bus = createEventBus(p.config.redisUrl, log);
  const push = createPushService({
    push: repos.push,
    sender: createPushSender(p.config.push),
    queue: p.queue,
    clock,
    limiter: p.limiter,
    publicKey: p.config.push.publicKey,
    allowedOrigins: p.config.push.extraOrigins,
    log,
  });

  /**
   * A message that reached a member who did not send it is also pushed to their devices. The
   * recipients of one mass message get the same push, so they share one job.
   */
  async function pushMessages(
    name: EventName,
    items: { userId: string; payload: EventPayload<EventName> }[],
  ) {
    if (name !== 'message.created') return;
    const received = (items as { userId: string; payload: EventPayload<'message.created'> }[]).filter(
      (item) => item.payload.message.senderId !== item.userId,
    );
    if (received.length === 0) return;
    const senders = await repos.conversations.people([
      ...new Set(received.map((i) => i.payload.message.senderId)),
    ]);
    const jobs = new Map<
      string,
      { kind: 'message' | 'paid_message'; message: PushMessage; userIds: string[] }
    >();
    for (const item of received) {
      const sender = senders.get(item.payload.message.senderId);
      const made = sender ? pushForMessage(item.payload.message, sender) : null;
      if (!made) continue;
      const key = JSON.stringify(made);
      const job = jobs.get(key) ?? { ...made, userIds: [] };
      job.userIds.push(item.userId);
      jobs.set(key, job);
    }
    await Promise.all(
      [...jobs.values()].map((job) => push.announce(job.kind, { userIds: job.userIds }, job.message)),
    );
  }

  const events = createEventsService({
    events: repos.events,
    bus,
    clock,
    onError: (error) => log.error({ err: error }, 'publishing an event failed'),
    onEmitted: pushMessages,
  });
  const notifications = createNotificationsService({
    notifications: repos.notifications,
    preferences: repos.notificationPreferences,
    events,
    push,
    outbox: p.outbox,
    clock,
    present: presentNotification,
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
    push,
    conversationChanges,
    /** Event streams open in this process (a metric). */
    openStreams: () => openStreams,
    routes: async (app) => {
      await app.register(eventRoutes, {
        events,
        notifications,
        push,
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
      sendPushJob(push),
    ],
    close: () => bus.close(),
  });
}

export type RealtimeModule = ReturnType<typeof createRealtimeModule>;
