import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  conversationMembers,
  conversations,
  creatorProfiles,
  media,
  messageItems,
  messagePurchases,
  messages,
  userBlocks,
  users,
} from '../../db/schema/index.ts';
import type { MediaRecord } from '../media/media.repository.ts';
import { olderThan } from '../rows.ts';

export type ConversationRecord = typeof conversations.$inferSelect;
export type MemberRecord = typeof conversationMembers.$inferSelect;
export type MessageRecord = typeof messages.$inferSelect;

export interface PersonRecord {
  id: string;
  firstName: string;
  lastName: string;
  profileImage: string | null;
  isEmailVerified: boolean;
  creator: {
    id: string;
    handle: string;
    displayName: string;
    avatarUrl: string | null;
    status: string;
    messagesSubscribersOnly: boolean;
  } | null;
}

export interface ConversationRow {
  conversation: ConversationRecord;
  member: MemberRecord;
  /** The other side's read state (read receipts). */
  otherReadAt: Date | null;
}

const pair = (a: string, b: string) => (a < b ? { userLow: a, userHigh: b } : { userLow: b, userHigh: a });

export function createConversationsRepository(db: Database) {
  async function row(conversationId: string, userId: string): Promise<ConversationRow | null> {
    const other = db
      .select({
        conversationId: conversationMembers.conversationId,
        lastReadAt: conversationMembers.lastReadAt,
      })
      .from(conversationMembers)
      .where(
        and(
          eq(conversationMembers.conversationId, conversationId),
          sql`${conversationMembers.userId} <> ${userId}`,
        ),
      )
      .as('other');
    const [found] = await db
      .select({ conversation: conversations, member: conversationMembers, otherReadAt: other.lastReadAt })
      .from(conversationMembers)
      .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
      .leftJoin(other, eq(other.conversationId, conversations.id))
      .where(
        and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)),
      );
    return found ?? null;
  }

  return {
    /** The pair's one conversation, created on first use (a race resolves to the same row). */
    async open(userId: string, otherId: string, now: Date): Promise<ConversationRow> {
      const key = pair(userId, otherId);
      const id = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(conversations)
          .values({ ...key, createdAt: now, updatedAt: now })
          .onConflictDoNothing()
          .returning();
        const conversation =
          created ??
          (
            await tx
              .select()
              .from(conversations)
              .where(and(eq(conversations.userLow, key.userLow), eq(conversations.userHigh, key.userHigh)))
          )[0];
        if (!conversation) throw new Error('conversation vanished');
        await tx
          .insert(conversationMembers)
          .values([
            { conversationId: conversation.id, userId, otherId },
            { conversationId: conversation.id, userId: otherId, otherId: userId },
          ])
          .onConflictDoNothing();
        return conversation.id;
      });
      const found = await row(id, userId);
      if (!found) throw new Error('conversation vanished');
      return found;
    },

    find: row,

    /** The pair's conversation id, if they have one (nothing is created). */
    async idBetween(userId: string, otherId: string): Promise<string | null> {
      const key = pair(userId, otherId);
      const [found] = await db
        .select({ id: conversations.id })
        .from(conversations)
        .where(and(eq(conversations.userLow, key.userLow), eq(conversations.userHigh, key.userHigh)));
      return found?.id ?? null;
    },

    /** A page of the user's conversations and who is on the other side, by conversation id. */
    async partners(
      userId: string,
      options: { limit: number; afterId?: string },
    ): Promise<{ conversationId: string; otherId: string }[]> {
      return db
        .select({ conversationId: conversationMembers.conversationId, otherId: conversationMembers.otherId })
        .from(conversationMembers)
        .where(
          and(
            eq(conversationMembers.userId, userId),
            options.afterId ? sql`${conversationMembers.conversationId} > ${options.afterId}` : undefined,
          ),
        )
        .orderBy(conversationMembers.conversationId)
        .limit(options.limit);
    },

    /** The user's visible conversations, most recent first; `query` matches the other's name or handle. */
    async list(
      userId: string,
      options: { limit: number; before?: { at: string; id: string }; query?: string },
    ) {
      const other = db
        .select({
          conversationId: conversationMembers.conversationId,
          lastReadAt: conversationMembers.lastReadAt,
        })
        .from(conversationMembers)
        .where(sql`${conversationMembers.userId} <> ${userId}`)
        .as('other');
      const pattern = options.query
        ? `%${options.query.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
        : null;
      return db
        .select({ conversation: conversations, member: conversationMembers, otherReadAt: other.lastReadAt })
        .from(conversationMembers)
        .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
        .leftJoin(other, eq(other.conversationId, conversations.id))
        .innerJoin(users, eq(users.id, conversationMembers.otherId))
        .leftJoin(creatorProfiles, eq(creatorProfiles.userId, conversationMembers.otherId))
        .where(
          and(
            eq(conversationMembers.userId, userId),
            isNull(conversationMembers.hiddenAt),
            options.before
              ? sql`(${conversations.updatedAt}, ${conversations.id}) < (${options.before.at}::timestamptz, ${options.before.id})`
              : undefined,
            pattern
              ? or(
                  sql`lower(${users.firstName} || ' ' || ${users.lastName}) like ${pattern}`,
                  sql`lower(coalesce(${creatorProfiles.displayName}, '') || ' ' || coalesce(${creatorProfiles.handle}, '')) like ${pattern}`,
                )
              : undefined,
          ),
        )
        .orderBy(desc(conversations.updatedAt), desc(conversations.id))
        .limit(options.limit);
    },

    async people(ids: string[]): Promise<Map<string, PersonRecord>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          profileImage: users.profileImage,
          isEmailVerified: users.isEmailVerified,
          creator: {
            id: creatorProfiles.id,
            handle: creatorProfiles.handle,
            displayName: creatorProfiles.displayName,
            avatarUrl: creatorProfiles.avatarUrl,
            status: creatorProfiles.status,
            messagesSubscribersOnly: creatorProfiles.messagesSubscribersOnly,
          },
        })
        .from(users)
        .leftJoin(creatorProfiles, eq(creatorProfiles.userId, users.id))
        .where(inArray(users.id, ids));
      return new Map(
        rows.map((person) => [person.id, { ...person, creator: person.creator?.id ? person.creator : null }]),
      );
    },

    /** The newest message of each conversation. */
    async lastMessages(conversationIds: string[]): Promise<Map<string, MessageRecord>> {
      if (conversationIds.length === 0) return new Map();
      const rows = await db
        .selectDistinctOn([messages.conversationId])
        .from(messages)
        .where(inArray(messages.conversationId, conversationIds))
        .orderBy(messages.conversationId, desc(messages.id));
      return new Map(rows.map((message) => [message.conversationId, message]));
    },

    /**
     * Stores a message once per (sender, clientId), moves the conversation to the top and shows it
     * again to a side that had hidden it. Returns the message and whether it is new.
     */
    async addMessage(input: {
      conversationId: string;
      senderId: string;
      body: string;
      clientId: string | null;
      now: Date;
      /** A tip's payment and amount (one message per payment). */
      tip?: { paymentId: string; amount: number; currency: string };
      /** Photos and videos attached, in order, and what the other side pays to see them. */
      mediaIds?: string[];
      priceCents?: number | null;
    }): Promise<{ message: MessageRecord; created: boolean }> {
      return db.transaction(async (tx) => {
        const [created] = await tx
          .insert(messages)
          .values({
            conversationId: input.conversationId,
            senderId: input.senderId,
            body: input.body,
            clientId: input.clientId,
            ...(input.tip
              ? {
                  tipPaymentId: input.tip.paymentId,
                  tipAmount: input.tip.amount,
                  tipCurrency: input.tip.currency,
                }
              : {}),
            priceCents: input.priceCents ?? null,
            createdAt: input.now,
          })
          .onConflictDoNothing()
          .returning();
        if (created && input.mediaIds && input.mediaIds.length > 0) {
          await tx
            .insert(messageItems)
            .values(
              input.mediaIds.map((mediaId, position) => ({ messageId: created.id, position, mediaId })),
            );
        }
        if (!created) {
          const [existing] = await tx
            .select()
            .from(messages)
            .where(
              input.tip
                ? eq(messages.tipPaymentId, input.tip.paymentId)
                : and(eq(messages.senderId, input.senderId), eq(messages.clientId, input.clientId ?? '')),
            );
          if (!existing) throw new Error('message vanished');
          return { message: existing, created: false };
        }
        await tx
          .update(conversations)
          .set({ updatedAt: input.now })
          .where(eq(conversations.id, input.conversationId));
        await tx
          .update(conversationMembers)
          .set({ hiddenAt: null })
          .where(eq(conversationMembers.conversationId, input.conversationId));
        // The sender has read everything up to their own message.
        await tx
          .update(conversationMembers)
          .set({ lastReadAt: input.now })
          .where(
            and(
              eq(conversationMembers.conversationId, input.conversationId),
              eq(conversationMembers.userId, input.senderId),
            ),
          );
        return { message: created, created: true };
      });
    },

    /** One page of a conversation, newest first from `beforeId` (keyset on the time-ordered ids). */
    async messages(
      conversationId: string,
      options: { limit: number; beforeId?: string },
    ): Promise<MessageRecord[]> {
      return db
        .select()
        .from(messages)
        .where(
          and(
            eq(messages.conversationId, conversationId),
            options.beforeId ? sql`${messages.id} < ${options.beforeId}` : undefined,
          ),
        )
        .orderBy(desc(messages.id))
        .limit(options.limit);
    },

    /** The attached media of each message, in order (messages without items are left out). */
    async itemsOf(messageIds: string[]): Promise<Map<string, MediaRecord[]>> {
      const result = new Map<string, MediaRecord[]>();
      if (messageIds.length === 0) return result;
      const rows = await db
        .select({ messageId: messageItems.messageId, media })
        .from(messageItems)
        .innerJoin(media, eq(media.id, messageItems.mediaId))
        .where(inArray(messageItems.messageId, messageIds))
        .orderBy(messageItems.messageId, messageItems.position);
      for (const row of rows) {
        const list = result.get(row.messageId) ?? [];
        list.push(row.media);
        result.set(row.messageId, list);
      }
      return result;
    },

    /**
     * The messages the user unlocked, latest purchase first (the Purchased tab); not those from
     * someone across a block while it lasts.
     */
    async purchasedBy(options: {
      userId: string;
      limit: number;
      before?: { at: string; id: string };
    }): Promise<{ message: MessageRecord; purchasedAt: Date }[]> {
      return db
        .select({ message: messages, purchasedAt: messagePurchases.createdAt })
        .from(messagePurchases)
        .innerJoin(messages, eq(messages.id, messagePurchases.messageId))
        .where(
          and(
            eq(messagePurchases.fanId, options.userId),
            // Not what was bought from someone across a block, either way, while it lasts.
            sql`not exists (select 1 from ${userBlocks} b where (b.blocker_id = ${options.userId} and b.blocked_id = ${messages.senderId}) or (b.blocked_id = ${options.userId} and b.blocker_id = ${messages.senderId}))`,
            olderThan(messagePurchases.createdAt, messagePurchases.messageId, options.before),
          ),
        )
        .orderBy(desc(messagePurchases.createdAt), desc(messagePurchases.messageId))
        .limit(options.limit);
    },

    /** Which of these messages the user bought. */
    async purchasedAmong(userId: string, messageIds: string[]): Promise<Set<string>> {
      if (messageIds.length === 0) return new Set();
      const rows = await db
        .select({ messageId: messagePurchases.messageId })
        .from(messagePurchases)
        .where(and(eq(messagePurchases.fanId, userId), inArray(messagePurchases.messageId, messageIds)));
      return new Set(rows.map((row) => row.messageId));
    },

    /** One message with the other member of its conversation (the one it was sent to). */
    async findMessage(messageId: string): Promise<{ message: MessageRecord; recipientId: string } | null> {
      const [found] = await db
        .select({ message: messages, recipientId: conversationMembers.userId })
        .from(messages)
        .innerJoin(
          conversationMembers,
          and(
            eq(conversationMembers.conversationId, messages.conversationId),
            sql`${conversationMembers.userId} <> ${messages.senderId}`,
          ),
        )
        .where(eq(messages.id, messageId));
      return found ?? null;
    },

    async markRead(conversationId: string, userId: string, now: Date): Promise<void> {
      await db
        .update(conversationMembers)
        .set({ lastReadAt: now })
        .where(
          and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)),
        );
    },
  };
}

export type ConversationsRepository = ReturnType<typeof createConversationsRepository>;
