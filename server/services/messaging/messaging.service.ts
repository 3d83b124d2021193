import type {
  Conversation,
  ConversationList,
  MessagePage,
  SendMessageInput,
} from '../../../common/schemas/messages.ts';
import { messageLimits, messageMessages } from '../../../common/schemas/messages.ts';
import type { RateLimiter } from '../../adapters/rate-limit/index.ts';
import { AppError, forbidden, notFound, rateLimited } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { requireVerified } from '../../policies/account.ts';
import { messageRefusal } from '../../policies/messages.ts';
import { presentConversation, presentMessage, presentReadReceipt } from '../../presenters/message.ts';
import type { BlocksRepository } from '../../repositories/blocks.repository.ts';
import type {
  ConversationRow,
  ConversationsRepository,
  PersonRecord,
} from '../../repositories/conversations.repository.ts';
import type { EntitlementsRepository } from '../../repositories/entitlements.repository.ts';
import type { UserRecord } from '../../repositories/users.repository.ts';
import type { EventsService } from '../realtime/events.service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
type Sender = Pick<UserRecord, 'id' | 'isEmailVerified'>;

export function createMessagingService(deps: {
  conversations: ConversationsRepository;
  blocks: Pick<BlocksRepository, 'between'>;
  entitlements: Pick<EntitlementsRepository, 'subscribedAmong'>;
  events: Pick<EventsService, 'emit'>;
  limiter: RateLimiter;
  clock: Clock;
}) {
  const { conversations } = deps;

  async function refusal(sender: Sender, recipient: PersonRecord): Promise<string | null> {
    const [blocked, subscribed] = await Promise.all([
      deps.blocks.between(sender.id, recipient.id),
      recipient.creator?.messagesSubscribersOnly
        ? deps.entitlements.subscribedAmong(sender.id, [recipient.creator.id], deps.clock.now())
        : Promise.resolve(new Set<string>()),
    ]);
    return messageRefusal({
      sender,
      recipient,
      blocked,
      senderSubscribes: recipient.creator ? subscribed.has(recipient.creator.id) : false,
    });
  }

  async function present(viewer: Sender, rows: ConversationRow[]): Promise<Conversation[]> {
    const ids = rows.map((row) => row.conversation.id);
    const [people, last] = await Promise.all([
      conversations.people(rows.map((row) => row.member.otherId)),
      conversations.lastMessages(ids),
    ]);
    return Promise.all(
      rows.map(async (row) => {
        const other = people.get(row.member.otherId);
        if (!other) throw notFound(messageMessages.notFound);
        const lastMessage = last.get(row.conversation.id) ?? null;
        return presentConversation(viewer.id, row, other, lastMessage, await refusal(viewer, other));
      }),
    );
  }

  async function member(user: Sender, id: string): Promise<ConversationRow> {
    const row = UUID.test(id) ? await conversations.find(id.toLowerCase(), user.id) : null;
    if (!row) throw notFound(messageMessages.notFound);
    return row;
  }

  async function one(user: Sender, row: ConversationRow): Promise<Conversation> {
    const [view] = await present(user, [row]);
    if (!view) throw notFound(messageMessages.notFound);
    return view;
  }

  return {
    /** `/message?user=...`: the conversation with that user, started if new (even when writing is refused). */
    async open(user: Sender, otherId: string): Promise<Conversation> {
      if (otherId === user.id) throw forbidden(messageMessages.yourself);
      requireVerified(user);
      const other = (await conversations.people([otherId])).get(otherId);
      if (!other || (await deps.blocks.between(user.id, otherId)))
        throw notFound(messageMessages.userNotFound);
      return one(user, await conversations.open(user.id, otherId, deps.clock.now()));
    },

    async list(
      user: Sender,
      options: { limit: number; cursor?: string; query?: string },
    ): Promise<ConversationList> {
      const key = decodeCursor(options.cursor, ['at', 'id']);
      const rows = await conversations.list(user.id, {
        limit: options.limit + 1,
        ...(key ? { before: key } : {}),
        ...(options.query?.trim() ? { query: options.query.trim() } : {}),
      });
      const page = rows.slice(0, options.limit);
      const last = page.at(-1);
      return {
        items: await present(user, page),
        nextCursor:
          rows.length > options.limit && last
            ? encodeCursor({ at: last.conversation.updatedAt.toISOString(), id: last.conversation.id })
            : null,
      };
    },

    get: async (user: Sender, id: string) => one(user, await member(user, id)),

    async messages(
      user: Sender,
      id: string,
      options: { limit: number; cursor?: string },
    ): Promise<MessagePage> {
      const row = await member(user, id);
      const before = decodeCursor(options.cursor, ['id'])?.id;
      const rows = await conversations.messages(row.conversation.id, {
        limit: options.limit + 1,
        ...(before ? { beforeId: before } : {}),
      });
      const page = rows.slice(0, options.limit);
      const oldest = page.at(-1);
      return {
        items: page.reverse().map((message) => presentMessage(message, user.id)),
        nextCursor: rows.length > options.limit && oldest ? encodeCursor({ id: oldest.id }) : null,
      };
    },

    /** Stored once per clientId, then pushed to both sides' open tabs. */
    async send(user: Sender, id: string, input: SendMessageInput) {
      const row = await member(user, id);
      const other = (await conversations.people([row.member.otherId])).get(row.member.otherId);
      if (!other) throw notFound(messageMessages.notFound);
      const reason = await refusal(user, other);
      if (reason) throw new AppError(user.isEmailVerified ? 'FORBIDDEN' : 'EMAIL_NOT_VERIFIED', reason);
      const wait = await deps.limiter.consume('message', user.id, {
        limit: messageLimits.perMinute,
        windowMs: 60_000,
      });
      if (wait !== null) throw rateLimited(messageMessages.tooMany, wait);
      const { message, created } = await conversations.addMessage({
        conversationId: row.conversation.id,
        senderId: user.id,
        body: input.text,
        clientId: input.clientId ?? null,
        now: deps.clock.now(),
      });
      const view = presentMessage(message, user.id);
      if (created) {
        // Each side gets the message as they see it (only the recipient may report it).
        await deps.events.emit([user.id], 'message.created', { message: view });
        await deps.events.emit([other.id], 'message.created', { message: presentMessage(message, other.id) });
      }
      return view;
    },

    /** Opening a conversation marks it read; the other side's tabs learn it at once. */
    async markRead(user: Sender, id: string): Promise<void> {
      const row = await member(user, id);
      const now = deps.clock.now();
      await conversations.markRead(row.conversation.id, user.id, now);
      await deps.events.emit(
        [row.member.otherId, user.id],
        'message.read',
        presentReadReceipt(row.conversation.id, user.id, now),
      );
    },
  };
}

export type MessagingService = ReturnType<typeof createMessagingService>;
