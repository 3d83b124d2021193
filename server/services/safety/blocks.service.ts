import { notFound } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { decodeCursor, keysetPage, timeKey } from '../../lib/cursor.ts';
import { searchTerm } from '../../lib/search-term.ts';
import { type Actor, actorOf, assertCan } from '../../policies/access.ts';
import type { UserRecord, UsersRepository } from '../../repositories/auth/users.repository.ts';
import type { BlocksRepository } from '../../repositories/safety/blocks.repository.ts';
import type { ConversationChanges } from '../messages/conversation-changes.ts';

export function createBlocksService(deps: {
  blocks: BlocksRepository;
  users: Pick<UsersRepository, 'findById'>;
  /** Open chats between the two learn at once that writing is (no longer) possible. */
  conversationChanges: Pick<ConversationChanges, 'between'>;
  /**
   * Ends the other's subscription to my page now, refunding its unused part as Unsubscribe user
   * does (billing's fan subscriptions); answers the refund in cents.
   */
  endSubscription(creatorUserId: string, fanId: string): Promise<number>;
  clock: Clock;
}) {
  async function other(actor: Actor, otherId: string) {
    assertCan(actor, 'user:block', { userId: otherId });
    const found = await deps.users.findById(otherId);
    if (!found || found.deletedAt) throw notFound('User not found');
    return found;
  }

  return {
    async list(userId: string, options: { limit: number; cursor?: string; query?: string }) {
      const before = decodeCursor(options.cursor, ['at', 'id']);
      const rows = await deps.blocks.list(userId, {
        limit: options.limit + 1,
        ...(before ? { before } : {}),
        ...(searchTerm(options.query) ? { query: searchTerm(options.query) } : {}),
      });
      return keysetPage(rows, options.limit, (last) => timeKey(last.blockedAt, last.id));
    },

    async block(user: Pick<UserRecord, 'id' | 'role'>, otherId: string): Promise<void> {
      const userId = user.id;
      await other(actorOf(user), otherId);
      await deps.blocks.block(userId, otherId, deps.clock.now());
      await deps.conversationChanges.between(userId, otherId);
    },

    async unblock(userId: string, otherId: string): Promise<void> {
      await deps.blocks.unblock(userId, otherId);
      await deps.conversationChanges.between(userId, otherId);
    },

    /**
     * Out of my followers and subscribers, our conversation hidden on my side (see decision 0011).
     * Only someone I blocked; a subscription it ends is refunded as Unsubscribe user refunds it.
     */
    async remove(user: Pick<UserRecord, 'id' | 'role'>, otherId: string): Promise<{ isCreator: boolean }> {
      const userId = user.id;
      const actor = actorOf(user);
      await other(actor, otherId);
      // Only someone I blocked: otherwise this would end a paying fan's access on a whim.
      assertCan(actor, 'user:remove', { blocked: await deps.blocks.hasBlocked(userId, otherId) });
      await deps.endSubscription(userId, otherId);
      const removed = await deps.blocks.removeFromMine(userId, otherId, deps.clock.now());
      await deps.conversationChanges.between(userId, otherId);
      return removed;
    },
  };
}

export type BlocksService = ReturnType<typeof createBlocksService>;
