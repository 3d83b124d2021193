import type { Clock } from '../../lib/clock.ts';
import type { MediaRecord } from '../../repositories/media/media.repository.ts';
import type { MassMessagesRepository } from '../../repositories/messages/mass-messages.repository.ts';
import type { MediaLinks } from '../media/links.ts';
import type { EventsService } from '../realtime/events.service.ts';
import type { MessageEventShapes } from './messages.service.ts';

/** Recipients delivered per transaction: large enough to be quick, small enough to keep locks short. */
export const MASS_MESSAGE_BATCH = 1000;

/**
 * Delivers a mass message (server/jobs/send-mass-message.ts runs it, in the web process or the
 * worker): batch after batch, each committed with the cursor, so a retry resumes after the last
 * one. Each delivered fan's open tabs get the message at once, as that fan sees it (shaped by
 * `present`, which the module passes: server/modules/messages.ts).
 */
export function createMassMessageDelivery(deps: {
  massMessages: Pick<MassMessagesRepository, 'itemIds' | 'deliverBatch'>;
  media: { findById(id: string): Promise<MediaRecord | null> };
  events: Pick<EventsService, 'emitEach'>;
  links: MediaLinks;
  present: Pick<MessageEventShapes, 'chatMessage'>;
  clock: Clock;
  batchSize?: number;
}) {
  return {
    /** Returns how many fans got it in this run. */
    async deliver(id: string): Promise<number> {
      const itemIds = await deps.massMessages.itemIds(id);
      const items = (await Promise.all(itemIds.map((itemId) => deps.media.findById(itemId)))).filter(
        (item): item is MediaRecord => item !== null,
      );
      let total = 0;
      for (;;) {
        const batch = await deps.massMessages.deliverBatch(
          id,
          deps.batchSize ?? MASS_MESSAGE_BATCH,
          deps.clock.now(),
        );
        if (!batch) return total;
        total += batch.delivered.length;
        const views = await Promise.all(
          batch.delivered.map(async ({ userId, message }) => ({
            userId,
            payload: {
              message: await deps.present.chatMessage({
                message,
                viewerId: userId,
                recipientId: userId,
                items,
                purchased: false,
                links: deps.links,
              }),
            },
          })),
        );
        await deps.events.emitEach('message.created', views);
        if (batch.done) return total;
      }
    },
  };
}

export type MassMessageDelivery = ReturnType<typeof createMassMessageDelivery>;
