import type { FastifyInstance } from 'fastify';
import { SEND_MASS_MESSAGE } from '../jobs/send-mass-message.ts';
import messageRoutes from '../routes/messages/index.ts';
import massMessageRoutes from '../routes/messages/mass-messages.ts';
import { createFanListsService } from '../services/messaging/fan-lists.service.ts';
import {
  createMassMessageDelivery,
  type MassMessageDelivery,
} from '../services/messaging/mass-message-delivery.ts';
import { createMassMessagesService } from '../services/messaging/mass-messages.service.ts';
import { createMessagingService, type MessagingService } from '../services/messaging/messaging.service.ts';
import type { MediaModule } from './media.ts';
import type { Platform } from './platform.ts';
import type { RealtimeModule } from './realtime.ts';

/**
 * Conversations and messages (/api/conversations), mass messages and the creator's lists of fans;
 * new messages reach open tabs as events. Returns the messaging service and the mass message
 * delivery the job runs.
 */
export async function registerMessaging(
  app: FastifyInstance,
  p: Platform,
  deps: { realtime: RealtimeModule; media: MediaModule },
): Promise<{ messaging: MessagingService; massDelivery: MassMessageDelivery }> {
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
  await app.register(massMessageRoutes, {
    massMessages: createMassMessagesService({
      massMessages: repos.massMessages,
      fanLists: repos.fanLists,
      creators: repos.creators,
      ownedMedia: deps.media.ownedMedia,
      clock: p.clock,
      startDelivery: async (massMessageId) => {
        await p.queue.send(SEND_MASS_MESSAGE, { massMessageId });
      },
    }),
    fanLists: createFanListsService({ fanLists: repos.fanLists, creators: repos.creators, clock: p.clock }),
  });
  const massDelivery = createMassMessageDelivery({
    massMessages: repos.massMessages,
    media: repos.media,
    events: deps.realtime.events,
    links: deps.media.links,
    clock: p.clock,
  });
  return { messaging, massDelivery };
}
