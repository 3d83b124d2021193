import { SEND_MASS_MESSAGE, sendMassMessageJob } from '../jobs/send-mass-message.ts';
import { presentMessageView, presentReadReceipt } from '../presenters/messages/message.ts';
import messageRoutes from '../routes/messages/index.ts';
import massMessageRoutes from '../routes/messages/mass-messages.ts';
import { createFanListsService } from '../services/messages/fan-lists.service.ts';
import { createMassMessageDelivery } from '../services/messages/mass-message-delivery.ts';
import { createMassMessagesService } from '../services/messages/mass-messages.service.ts';
import { createMessagesService } from '../services/messages/messages.service.ts';
import type { MediaModule } from './media.ts';
import { defineModule } from './module.ts';
import type { Platform } from './platform.ts';
import type { RealtimeModule } from './realtime.ts';

/**
 * Conversations and messages (/api/conversations), mass messages and the creator's lists of fans,
 * and the job that delivers a mass message in batches; new messages reach open tabs as events.
 * Billing shows a bought message with its `messageViewOf`. The events the services publish are
 * shaped by the presenters passed here as `present`.
 */
export function createMessagesModule(p: Platform, deps: { realtime: RealtimeModule; media: MediaModule }) {
  const { repos, clock, log } = p;
  // Events reach each member shaped as that member sees the message (presenters/messages/message.ts).
  const present = { chatMessage: presentMessageView, readReceipt: presentReadReceipt };
  const messages = createMessagesService({
    conversations: repos.conversations,
    blocks: repos.blocks,
    entitlements: repos.entitlements,
    events: deps.realtime.events,
    limiter: p.limiter,
    clock,
    ownedMedia: deps.media.ownedMedia,
    links: deps.media.links,
    present,
  });
  const delivery = createMassMessageDelivery({
    massMessages: repos.massMessages,
    media: repos.media,
    events: deps.realtime.events,
    links: deps.media.links,
    present,
    clock,
  });
  return defineModule({
    name: 'messages',
    messages,
    /** One message as one member sees it now, presented (billing shows a bought message with it). */
    async messageViewOf(viewerId: string, messageId: string) {
      const facts = await messages.viewOf(viewerId, messageId);
      return facts ? presentMessageView(facts) : null;
    },
    routes: async (app) => {
      await app.register(messageRoutes, { messages });
      await app.register(massMessageRoutes, {
        massMessages: createMassMessagesService({
          massMessages: repos.massMessages,
          fanLists: repos.fanLists,
          creators: repos.creators,
          ownedMedia: deps.media.ownedMedia,
          clock,
          startDelivery: async (massMessageId) => {
            await p.queue.send(SEND_MASS_MESSAGE, { massMessageId });
          },
        }),
        fanLists: createFanListsService({ fanLists: repos.fanLists, creators: repos.creators, clock }),
      });
    },
    jobs: [
      sendMassMessageJob({
        delivery,
        log: (details) => log.info(details, 'mass message delivered'),
      }),
    ],
  });
}

export type MessagesModule = ReturnType<typeof createMessagesModule>;
