import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { users } from '../../../db/schema/index.ts';
import {
  createConversationsRepository,
  type MessageRecord,
} from '../../messages/conversations.repository.ts';
import { createBlocksRepository } from '../../safety/blocks.repository.ts';

/**
 * What a tip's settlement reads and writes besides the payment and the ledger, on the same
 * connection (inside the settlement's transaction when built from `fan-payments-store.ts`).
 */
export function createTipsRepository(db: Database) {
  const blocks = createBlocksRepository(db);
  const conversations = createConversationsRepository(db);

  return {
    /** Whether fan and creator have a block either way, and the creator account's state. */
    async recipientFacts(fanId: string, creatorUserId: string) {
      // One after the other: inside a transaction both run on its one connection.
      const blocked = await blocks.between(fanId, creatorUserId);
      const [creatorUser] = await db
        .select({ suspendedAt: users.suspendedAt, deletedAt: users.deletedAt })
        .from(users)
        .where(eq(users.id, creatorUserId));
      return { blocked, creatorUser: creatorUser ?? null };
    },

    /**
     * The tip as a message from the fan in their conversation with the creator (opened if they had
     * none), once per payment.
     */
    async postMessage(input: {
      fanId: string;
      creatorUserId: string;
      paymentId: string;
      amount: number;
      currency: string;
      note: string;
      now: Date;
    }): Promise<MessageRecord> {
      const row = await conversations.open(input.fanId, input.creatorUserId, input.now);
      const { message } = await conversations.addMessage({
        conversationId: row.conversation.id,
        senderId: input.fanId,
        body: input.note,
        clientId: null,
        now: input.now,
        tip: { paymentId: input.paymentId, amount: input.amount, currency: input.currency },
      });
      return message;
    },
  };
}

export type TipsRepository = ReturnType<typeof createTipsRepository>;
