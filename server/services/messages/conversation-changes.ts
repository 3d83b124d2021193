import type { ConversationsRepository } from '../../repositories/messages/conversations.repository.ts';
import type { EventsService } from '../realtime/events.service.ts';

/** How many conversations are announced per round when a creator's setting touches all of them. */
const BATCH = 200;

/**
 * Tells both sides of a conversation, over their event streams, that whether they may write to
 * each other changed (a block, an unblock, Delete User, a creator's "subscribers only" setting), so
 * open chats show it without a reload. Announcing never fails the action that caused it.
 */
export function createConversationChanges(deps: {
  conversations: Pick<ConversationsRepository, 'idBetween' | 'partners'>;
  events: Pick<EventsService, 'emit'>;
  onError: (error: unknown) => void;
}) {
  async function announceBetween(userId: string, otherId: string): Promise<void> {
    const conversationId = await deps.conversations.idBetween(userId, otherId);
    if (conversationId) await deps.events.emit([userId, otherId], 'conversation.updated', { conversationId });
  }

  async function announceAll(userId: string): Promise<void> {
    let afterId: string | undefined;
    for (;;) {
      const page = await deps.conversations.partners(userId, {
        limit: BATCH,
        ...(afterId ? { afterId } : {}),
      });
      for (const { conversationId, otherId } of page) {
        await deps.events.emit([userId, otherId], 'conversation.updated', { conversationId });
      }
      if (page.length < BATCH) return;
      afterId = page.at(-1)?.conversationId;
    }
  }

  const guarded = (work: Promise<void>) => work.catch(deps.onError);

  return {
    /** Between two people: awaited, so the answer to the action is sent after the announcement. */
    between: (userId: string, otherId: string) => guarded(announceBetween(userId, otherId)),
    /** Every conversation of one user, in the background (a popular creator may have many). */
    allOf(userId: string): Promise<void> {
      return guarded(announceAll(userId));
    },
  };
}

export type ConversationChanges = ReturnType<typeof createConversationChanges>;
