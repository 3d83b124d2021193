import type { BlockedUser } from '../../../common/schemas/safety.ts';
import { safetyMessages } from '../../../common/schemas/safety.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { searchTerm } from '../../lib/search-term.ts';
import { presentBlockedUser } from '../../presenters/safety.ts';
import type { BlocksRepository } from '../../repositories/blocks.repository.ts';
import type { UsersRepository } from '../../repositories/users.repository.ts';
import type { ConversationChanges } from '../messaging/conversation-changes.ts';

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
  async function other(userId: string, otherId: string) {
    if (userId === otherId) throw forbidden(safetyMessages.cannotBlockYourself);
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
      const page = rows.slice(0, options.limit);
      const last = page.at(-1);
      const items: BlockedUser[] = page.map(presentBlockedUser);
      return {
        items,
        nextCursor:
          rows.length > options.limit && last
            ? encodeCursor({ at: last.blockedAt.toISOString(), id: last.id })
            : null,
      };
    },

    async block(userId: string, otherId: string): Promise<void> {
      await other(userId, otherId);
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
    async remove(userId: string, otherId: string): Promise<{ isCreator: boolean }> {
      await other(userId, otherId);
      // Only someone I blocked: otherwise this would end a paying fan's access on a whim.
      if (!(await deps.blocks.hasBlocked(userId, otherId))) throw conflict(safetyMessages.removeNeedsBlock);
      await deps.endSubscription(userId, otherId);
      const removed = await deps.blocks.removeFromMine(userId, otherId, deps.clock.now());
      await deps.conversationChanges.between(userId, otherId);
      return removed;
    },
  };
}

export type BlocksService = ReturnType<typeof createBlocksService>;
