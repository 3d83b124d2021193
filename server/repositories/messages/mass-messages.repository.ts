import { and, asc, desc, eq, gt, inArray, or, type SQL, sql, TransactionRollbackError } from 'drizzle-orm';
import type { MassMessageAudience } from '../../../common/schemas/mass-messages.ts';
import type { Database } from '../../db/client.ts';
import {
  conversationMembers,
  conversations,
  fanListMembers,
  fanLists,
  massMessageItems,
  massMessageRecipients,
  massMessages,
  messageItems,
  messages,
} from '../../db/schema/index.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { rowsOf } from '../rows.ts';
import type { MessageRecord } from './conversations.repository.ts';

export type MassMessageRecord = typeof massMessages.$inferSelect;

/** A mass message with how it did (server/presenters/messages/mass-message.ts shapes it). */
export interface MassMessageRow {
  massMessage: MassMessageRecord;
  itemCount: number;
  viewed: number;
  purchased: number;
  /** The creator's net part of the unlocks, in cents. */
  earned: number;
}

/**
 * Whether the sender and this user are apart: either blocked the other. The one rule the audiences,
 * their counts and the delivery share (a block made after sending is checked again batch by batch).
 */
function blockedEitherWay(senderId: string, userId: SQL): SQL {
  return sql`exists (select 1 from user_blocks b where (b.blocker_id = ${senderId} and b.blocked_id = ${userId}) or (b.blocker_id = ${userId} and b.blocked_id = ${senderId}))`;
}

/**
 * Who is in an audience: the creator's fans as rows of user ids (the sender, closed or suspended
 * accounts and fans apart by a block left out). Counted as it is stored: counts and recipients agree.
 */
function audienceQuery(
  audience: { kind: MassMessageAudience; creatorId: string; listId: string | null },
  senderId: string,
  now: Date,
): SQL {
  const paidUp = sql`cs.status in ('active', 'past_due', 'canceled') and cs.current_period_end > ${now}`;
  const fans =
    audience.kind === 'subscribers'
      ? sql`select cs.fan_id as user_id from creator_subscriptions cs where cs.creator_id = ${audience.creatorId} and ${paidUp}`
      : audience.kind === 'expired'
        ? sql`select cs.fan_id as user_id from creator_subscriptions cs where cs.creator_id = ${audience.creatorId} and not (${paidUp})`
        : audience.kind === 'followers'
          ? sql`select f.follower_id as user_id from follows f where f.creator_id = ${audience.creatorId}`
          : sql`select m.fan_id as user_id from fan_list_members m join fan_lists l on l.id = m.list_id where l.id = ${audience.listId} and l.owner_id = ${senderId}`;
  return sql`select distinct a.user_id from (${fans}) a
    join users u on u.id = a.user_id and u.deleted_at is null and u.suspended_at is null
    where a.user_id <> ${senderId} and not ${blockedEitherWay(senderId, sql`a.user_id`)}`;
}

export function createMassMessagesRepository(db: Database) {
  async function count(query: SQL): Promise<number> {
    const result = await db.execute(sql`select count(*)::int as count from (${query}) q`);
    return Number(rowsOf<{ count: number }>(result)[0]?.count ?? 0);
  }

  /** Recipients, opened, bought and earned for these mass messages, in one pass. */
  async function withStats(rows: MassMessageRecord[]): Promise<MassMessageRow[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const result = await db.execute(sql`
      select mm.id,
        (select count(*)::int from mass_message_items i where i.mass_message_id = mm.id) as item_count,
        (select count(*)::int from mass_message_recipients r
           join messages msg on msg.id = r.message_id
           join conversation_members cm on cm.conversation_id = msg.conversation_id and cm.user_id = r.user_id
           where r.mass_message_id = mm.id and cm.last_read_at >= msg.created_at) as viewed,
        (select count(*)::int from mass_message_recipients r
           join message_purchases p on p.message_id = r.message_id and p.fan_id = r.user_id
           where r.mass_message_id = mm.id) as purchased,
        (select coalesce(sum(fp.amount - coalesce(fp.fee_amount, 0) - fp.refunded_amount), 0)::bigint
           from mass_message_recipients r
           join fan_payments fp on fp.message_id = r.message_id and fp.fan_id = r.user_id
           where r.mass_message_id = mm.id and fp.purpose = 'message_unlock' and fp.status = 'succeeded'
             and fp.charged_back_at is null) as earned
      from mass_messages mm where mm.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`);
    const stats = rowsOf<{
      id: string;
      item_count: number;
      viewed: number;
      purchased: number;
      earned: number;
    }>(result);
    const byId = new Map(stats.map((row) => [row.id, row]));
    return rows.map((massMessage) => {
      const row = byId.get(massMessage.id);
      return {
        massMessage,
        itemCount: Number(row?.item_count ?? 0),
        viewed: Number(row?.viewed ?? 0),
        purchased: Number(row?.purchased ?? 0),
        earned: Number(row?.earned ?? 0),
      };
    });
  }

  return {
    /** How many fans each audience holds now. */
    async audienceCounts(senderId: string, creatorId: string, now: Date) {
      const of = (kind: Exclude<MassMessageAudience, 'list'>) =>
        count(audienceQuery({ kind, creatorId, listId: null }, senderId, now));
      const [subscribers, followers, expired, lists] = await Promise.all([
        of('subscribers'),
        of('followers'),
        of('expired'),
        db
          .select({ id: fanLists.id, name: fanLists.name })
          .from(fanLists)
          .where(eq(fanLists.ownerId, senderId)),
      ]);
      const listCounts = await Promise.all(
        lists.map(async (list) => ({
          ...list,
          count: await count(audienceQuery({ kind: 'list', creatorId, listId: list.id }, senderId, now)),
        })),
      );
      return {
        subscribers,
        followers,
        expired,
        lists: listCounts.sort((a, b) => a.name.localeCompare(b.name)),
      };
    },

    /**
     * Stores the mass message and fixes its recipients (the audience now, blocked fans left out),
     * in one transaction. Null, with nothing stored, when the audience is empty.
     */
    async create(input: {
      senderId: string;
      creatorId: string;
      audience: MassMessageAudience;
      listId: string | null;
      audienceName: string | null;
      body: string;
      priceCents: number | null;
      mediaIds: string[];
      now: Date;
    }): Promise<MassMessageRecord | null> {
      // An empty audience rolls the whole thing back: nothing is stored.
      return db
        .transaction(async (tx) => {
          const [created] = await tx
            .insert(massMessages)
            .values({
              senderId: input.senderId,
              audience: input.audience,
              listId: input.listId,
              audienceName: input.audienceName,
              body: input.body,
              priceCents: input.priceCents,
              recipients: 0,
              createdAt: input.now,
            })
            .returning();
          if (!created) throw new Error('mass message not stored');
          const inserted = await tx.execute(sql`
          insert into mass_message_recipients (mass_message_id, user_id)
          select ${created.id}, q.user_id from (${audienceQuery(
            { kind: input.audience, creatorId: input.creatorId, listId: input.listId },
            input.senderId,
            input.now,
          )}) q
          returning user_id`);
          const recipients = rowsOf(inserted).length;
          if (recipients === 0) {
            tx.rollback();
            return null;
          }
          if (input.mediaIds.length > 0)
            await tx
              .insert(massMessageItems)
              .values(
                input.mediaIds.map((mediaId, position) => ({ massMessageId: created.id, position, mediaId })),
              );
          const [counted] = await tx
            .update(massMessages)
            .set({ recipients })
            .where(eq(massMessages.id, created.id))
            .returning();
          return counted ?? null;
        })
        .catch((error: unknown) => {
          if (error instanceof TransactionRollbackError) return null;
          throw error;
        });
    },

    /**
     * Delivers the next `size` recipients in one transaction: each gets the message in their own
     * conversation with the creator (started if new, shown again if hidden), with the items; the
     * cursor moves on with them, so a stopped job resumes after the last batch. Fans who blocked
     * or were blocked since are passed over.
     */
    async deliverBatch(
      id: string,
      size: number,
      now: Date,
    ): Promise<{ delivered: { userId: string; message: MessageRecord }[]; done: boolean } | null> {
      return db.transaction(async (tx) => {
        const [mass] = await tx.select().from(massMessages).where(eq(massMessages.id, id)).for('update');
        if (!mass) return null;
        if (mass.status === 'sent') return { delivered: [], done: true };
        const sender = mass.senderId;
        const batch = await tx
          .select({
            userId: massMessageRecipients.userId,
            apart: sql<boolean>`${blockedEitherWay(sender, sql`${massMessageRecipients.userId}`)}`,
          })
          .from(massMessageRecipients)
          .where(
            and(
              eq(massMessageRecipients.massMessageId, id),
              mass.cursor ? gt(massMessageRecipients.userId, mass.cursor) : undefined,
            ),
          )
          .orderBy(asc(massMessageRecipients.userId))
          .limit(size);
        const done = batch.length < size;
        const last = batch.at(-1)?.userId ?? mass.cursor;
        const fans = batch.filter((row) => !row.apart).map((row) => row.userId);
        let delivered: { userId: string; message: MessageRecord }[] = [];
        if (fans.length > 0) {
          const pair = (fan: string) =>
            sender < fan ? { userLow: sender, userHigh: fan } : { userLow: fan, userHigh: sender };
          await tx
            .insert(conversations)
            .values(fans.map((fan) => ({ id: uuidv7(), ...pair(fan), createdAt: now, updatedAt: now })))
            .onConflictDoNothing();
          const found = await tx
            .select({
              id: conversations.id,
              userLow: conversations.userLow,
              userHigh: conversations.userHigh,
            })
            .from(conversations)
            .where(
              or(
                and(eq(conversations.userLow, sender), inArray(conversations.userHigh, fans)),
                and(eq(conversations.userHigh, sender), inArray(conversations.userLow, fans)),
              ),
            );
          const conversationOf = new Map(
            found.map((row) => [row.userLow === sender ? row.userHigh : row.userLow, row.id]),
          );
          await tx
            .insert(conversationMembers)
            .values(
              fans.flatMap((fan) => {
                const conversationId = conversationOf.get(fan) as string;
                return [
                  { conversationId, userId: fan, otherId: sender },
                  { conversationId, userId: sender, otherId: fan },
                ];
              }),
            )
            .onConflictDoNothing();
          const stored = await tx
            .insert(messages)
            .values(
              fans.map((fan) => ({
                id: uuidv7(),
                conversationId: conversationOf.get(fan) as string,
                senderId: sender,
                body: mass.body,
                clientId: `mass:${id}:${fan}`,
                priceCents: mass.priceCents,
                createdAt: now,
              })),
            )
            .onConflictDoNothing()
            .returning();
          const items = await tx
            .select({ position: massMessageItems.position, mediaId: massMessageItems.mediaId })
            .from(massMessageItems)
            .where(eq(massMessageItems.massMessageId, id));
          if (items.length > 0 && stored.length > 0)
            await tx
              .insert(messageItems)
              .values(stored.flatMap((message) => items.map((item) => ({ messageId: message.id, ...item }))));
          const conversationIds = [...conversationOf.values()];
          await tx
            .update(conversations)
            .set({ updatedAt: now })
            .where(inArray(conversations.id, conversationIds));
          await tx
            .update(conversationMembers)
            .set({ hiddenAt: null })
            .where(
              and(inArray(conversationMembers.conversationId, conversationIds), sql`hidden_at is not null`),
            );
          await tx
            .update(conversationMembers)
            .set({ lastReadAt: now })
            .where(
              and(
                inArray(conversationMembers.conversationId, conversationIds),
                eq(conversationMembers.userId, sender),
              ),
            );
          await tx.execute(sql`
            update mass_message_recipients r set message_id = m.id
            from messages m
            where r.mass_message_id = ${id} and r.user_id in (${sql.join(
              fans.map((fan) => sql`${fan}`),
              sql`, `,
            )})
              and m.sender_id = ${sender} and m.client_id = 'mass:' || ${id} || ':' || r.user_id::text`);
          const recipientOf = new Map(
            [...conversationOf.entries()].map(([fan, conversationId]) => [conversationId, fan]),
          );
          delivered = stored.map((message) => ({
            userId: recipientOf.get(message.conversationId) as string,
            message,
          }));
        }
        await tx
          .update(massMessages)
          .set({
            cursor: last,
            delivered: sql`${massMessages.delivered} + ${delivered.length}`,
            ...(done ? { status: 'sent' as const, finishedAt: now } : {}),
          })
          .where(eq(massMessages.id, id));
        return { delivered, done };
      });
    },

    /** The items attached to a mass message, in order. */
    async itemIds(id: string): Promise<string[]> {
      const rows = await db
        .select({ mediaId: massMessageItems.mediaId })
        .from(massMessageItems)
        .where(eq(massMessageItems.massMessageId, id))
        .orderBy(asc(massMessageItems.position));
      return rows.map((row) => row.mediaId);
    },

    /** The sender's mass messages, newest first, with their stats. */
    async list(senderId: string, options: { limit: number; beforeId?: string }): Promise<MassMessageRow[]> {
      const rows = await db
        .select()
        .from(massMessages)
        .where(
          and(
            eq(massMessages.senderId, senderId),
            options.beforeId ? sql`${massMessages.id} < ${options.beforeId}` : undefined,
          ),
        )
        .orderBy(desc(massMessages.id))
        .limit(options.limit);
      return withStats(rows);
    },

    async find(id: string): Promise<MassMessageRow | null> {
      const rows = await db.select().from(massMessages).where(eq(massMessages.id, id));
      const [row] = await withStats(rows);
      return row ?? null;
    },
  };
}

export type MassMessagesRepository = ReturnType<typeof createMassMessagesRepository>;

/** A creator's lists of fans (audiences for mass messages). */
export function createFanListsRepository(db: Database) {
  return {
    async list(ownerId: string, fanId?: string) {
      const result = await db.execute(sql`
        select l.id, l.name,
          (select count(*)::int from fan_list_members m where m.list_id = l.id) as count,
          ${fanId ? sql`exists (select 1 from fan_list_members m where m.list_id = l.id and m.fan_id = ${fanId})` : sql`false`} as has_fan
        from fan_lists l where l.owner_id = ${ownerId}
        order by lower(l.name)`);
      return rowsOf<{ id: string; name: string; count: number; has_fan: boolean }>(result).map((row) => ({
        id: row.id,
        name: row.name,
        count: Number(row.count),
        hasFan: Boolean(row.has_fan),
      }));
    },

    async countOf(ownerId: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(fanLists)
        .where(eq(fanLists.ownerId, ownerId));
      return Number(row?.count ?? 0);
    },

    /** Null when the owner already has a list of that name. */
    async create(ownerId: string, name: string, now: Date) {
      const [row] = await db
        .insert(fanLists)
        .values({ ownerId, name, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: fanLists.id, name: fanLists.name });
      return row ?? null;
    },

    async find(ownerId: string, id: string) {
      const [row] = await db
        .select({ id: fanLists.id, name: fanLists.name })
        .from(fanLists)
        .where(and(eq(fanLists.id, id), eq(fanLists.ownerId, ownerId)));
      return row ?? null;
    },

    async remove(ownerId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(fanLists)
        .where(and(eq(fanLists.id, id), eq(fanLists.ownerId, ownerId)))
        .returning({ id: fanLists.id });
      return rows.length > 0;
    },

    async addMember(listId: string, fanId: string, now: Date): Promise<void> {
      await db.insert(fanListMembers).values({ listId, fanId, addedAt: now }).onConflictDoNothing();
    },

    async removeMember(listId: string, fanId: string): Promise<void> {
      await db
        .delete(fanListMembers)
        .where(and(eq(fanListMembers.listId, listId), eq(fanListMembers.fanId, fanId)));
    },

    /** Whether the user is (or was) this creator's subscriber, or follows them: only those go on a list. */
    async isFanOf(fanId: string, creatorId: string): Promise<boolean> {
      const result = await db.execute(sql`
        select exists (select 1 from creator_subscriptions where fan_id = ${fanId} and creator_id = ${creatorId})
            or exists (select 1 from follows where follower_id = ${fanId} and creator_id = ${creatorId}) as fan`);
      return Boolean(rowsOf<{ fan: boolean }>(result)[0]?.fan);
    },
  };
}

export type FanListsRepository = ReturnType<typeof createFanListsRepository>;
