import type { FastifyInstance } from 'fastify';
import messageRoutes from '../routes/messages/index.ts';
import { createMessagingService, type MessagingService } from '../services/messaging/messaging.service.ts';
import type { MediaModule } from './media.ts';
import type { Platform } from './platform.ts';
import type { RealtimeModule } from './realtime.ts';

/** Conversations and messages (/api/conversations); new messages reach open tabs as events. */
export async function registerMessaging(
  app: FastifyInstance,
  p: Platform,
  deps: { realtime: RealtimeModule; media: MediaModule },
): Promise<MessagingService> {
  const { repos } = p;
  const messaging = createMessagingService({
    conversations: repos.conversations,
    blocks: repos.blocks,
    entitlements: repos.entitlements,
    events: deps.realtime.events,
    limiter: p.limiter,
    clock: p.clock,
    ownedMedia: deps.media.ownedMedia,
    links: deps.media.links,
  });
  await app.register(messageRoutes, { messaging });
  return messaging;
}
