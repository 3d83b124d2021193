import type { EventPayload } from '../../../common/events.ts';
import type { ChatMessage, SendMessageInput } from '../../../common/schemas/messages.ts';
import { messageMessages, messagePriceCents } from '../../../common/schemas/messages.ts';
import type { RateLimiter } from '../../adapters/rate-limit/index.ts';
import { AppError, notFound, rateLimited, validationFailed } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { decodeCursor, keysetPage, timeKey } from '../../lib/cursor.ts';
import { consume, rateLimits } from '../../lib/rate-limits.ts';
import { actorOf, assertCan, can, type Refusal, refusalOf } from '../../policies/access.ts';
import type { UserRecord } from '../../repositories/auth/users.repository.ts';
import type { EntitlementsRepository } from '../../repositories/billing/fan-payments/entitlements.repository.ts';
import type { MediaRecord } from '../../repositories/media/media.repository.ts';
import type {
  ConversationRow,
  ConversationsRepository,
  MessageRecord,
  PersonRecord,
} from '../../repositories/messages/conversations.repository.ts';
import type { BlocksRepository } from '../../repositories/safety/blocks.repository.ts';
import type { OwnedMedia } from '../creators/owned-media.ts';
import type { MediaLinks } from '../media/links.ts';
import type { EventsService } from '../realtime/events.service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
type Sender = Pick<UserRecord, 'id' | 'role' | 'isEmailVerified'>;

/**
 * One message as one member (`viewerId`) sees it: the record and what its presenter needs
 * (presenters/messages/message.ts `presentChatMessage`). `blocked`: a block either way with the
 * other member, whose items then show as previews only.
 */
export interface MessageFacts {
  message: MessageRecord;
  viewerId: string;
  recipientId: string;
  items: MediaRecord[];
  purchased: boolean;
  blocked?: boolean;
  links: MediaLinks;
}

/**
 * A conversation as one member sees it (presenters/messages/message.ts `presentConversation`).
 * `refusal`: why this viewer may not write now (server/policies/actions/messages.ts), or null.
 */
export interface ConversationFacts {
  viewerId: string;
  row: ConversationRow;
  other: PersonRecord;
  lastMessage: MessageRecord | null;
  refusal: string | null;
  /** The viewer may attach photos and videos, and ask a price. */
  canAttachMedia: boolean;
}

/** A pay-per-view message the user unlocked, with who sent it. */
export interface PurchasedMessageFacts {
  message: MessageFacts;
  from: PersonRecord;
  purchasedAt: Date;
}

/** A keyset page of facts. */
export interface FactsPage<Facts> {
  rows: Facts[];
  nextCursor: string | null;
}

/**
 * How the events this service publishes are shaped for the member who receives each one; the
 * module passes the presenters (server/modules/messages.ts).
 */
export interface MessageEventShapes {
  chatMessage(facts: MessageFacts): Promise<ChatMessage>;
  readReceipt(conversationId: string, readerId: string, readAt: Date): EventPayload<'message.read'>;
}

/**
 * Conversations and their messages. Answers records and facts, which the endpoints present
 * (presenters/messages/message.ts); the events it publishes are shaped by `present`.
 */
export function createMessagesService(deps: {
  conversations: ConversationsRepository;
  blocks: Pick<BlocksRepository, 'between'>;
  entitlements: Pick<EntitlementsRepository, 'subscribedAmong'>;
  events: Pick<EventsService, 'emit'>;
  limiter: RateLimiter;
  clock: Clock;
  /** The sender's own uploads, as attached by id. */
  ownedMedia: Pick<OwnedMedia, 'find'>;
  links: MediaLinks;
  present: MessageEventShapes;
}) {
  const { conversations } = deps;

  /**
   * What one member knows of each message: its items and whether they bought it.
   * `blocked`: a block either way with the other member, whose items then show as previews only.
   */
  async function messageFacts(
    viewerId: string,
    recipientOf: (message: MessageRecord) => string,
    list: MessageRecord[],
    blocked: boolean,
  ): Promise<MessageFacts[]> {
    const ids = list.map((message) => message.id);
    const [items, purchased] = await Promise.all([
      conversations.itemsOf(ids),
      list.some((message) => message.priceCents !== null && message.senderId !== viewerId)
        ? conversations.purchasedAmong(viewerId, ids)
        : Promise.resolve(new Set<string>()),
    ]);
    return list.map((message) => ({
      message,
      viewerId,
      recipientId: recipientOf(message),
      items: items.get(message.id) ?? [],
      purchased: purchased.has(message.id),
      blocked: blocked && message.senderId !== viewerId,
      links: deps.links,
    }));
  }

  /** The photos and videos attached by id: the sender's own, usable uploads, in the given order. */
  async function attachable(sender: Sender, other: PersonRecord, ids: string[]): Promise<MediaRecord[]> {
    if (ids.length === 0) return [];
    const self = (await conversations.people([sender.id])).get(sender.id);
    assertCan(actorOf(sender), 'message:attach-media', { sender: self ?? null });
    const found = await Promise.all(ids.map((id) => deps.ownedMedia.find(sender, id.toLowerCase(), 'post')));
    const usable = found.filter((item): item is MediaRecord => item !== null);
    if (usable.length !== ids.length || other.id === sender.id)
      throw validationFailed({ mediaIds: messageMessages.mediaNotFound });
    return usable;
  }

  async function refusal(sender: Sender, recipient: PersonRecord): Promise<Refusal | null> {
    const [blocked, subscribed] = await Promise.all([
      deps.blocks.between(sender.id, recipient.id),
      recipient.creator?.messagesSubscribersOnly
        ? deps.entitlements.subscribedAmong(sender.id, [recipient.creator.id], deps.clock.now())
        : Promise.resolve(new Set<string>()),
    ]);
    return refusalOf(actorOf(sender), 'message:write', {
      recipient,
      blocked,
      senderSubscribes: recipient.creator ? subscribed.has(recipient.creator.id) : false,
    });
  }

  async function conversationFacts(viewer: Sender, rows: ConversationRow[]): Promise<ConversationFacts[]> {
    const ids = rows.map((row) => row.conversation.id);
    const [people, last] = await Promise.all([
      conversations.people([viewer.id, ...rows.map((row) => row.member.otherId)]),
      conversations.lastMessages(ids),
    ]);
    const attach = can(actorOf(viewer), 'message:attach-media', { sender: people.get(viewer.id) ?? null });
    return Promise.all(
      rows.map(async (row) => {
        const other = people.get(row.member.otherId);
        if (!other) throw notFound(messageMessages.notFound);
        const lastMessage = last.get(row.conversation.id) ?? null;
        const reason = (await refusal(viewer, other))?.message ?? null;
        return {
          viewerId: viewer.id,
          row,
          other,
          lastMessage,
          refusal: reason,
          canAttachMedia: attach,
        };
      }),
    );
  }

  async function member(user: Sender, id: string): Promise<ConversationRow> {
    const row = UUID.test(id) ? await conversations.find(id.toLowerCase(), user.id) : null;
    assertCan(actorOf(user), 'conversation:use', { member: row !== null });
    if (!row) throw notFound(messageMessages.notFound);
    return row;
  }

  async function one(user: Sender, row: ConversationRow): Promise<ConversationFacts> {
    const [view] = await conversationFacts(user, [row]);
    if (!view) throw notFound(messageMessages.notFound);
    return view;
  }

  return {
    /** `/message?user=...`: the conversation with that user, started if new (even when writing is refused). */
    async open(user: Sender, otherId: string): Promise<ConversationFacts> {
      const actor = actorOf(user);
      // Yourself and an unverified email are refused before anyone is looked up.
      assertCan(actor, 'conversation:open', { otherId, found: true, blocked: false });
      const other = (await conversations.people([otherId])).get(otherId);
      const blocked = other ? await deps.blocks.between(user.id, otherId) : false;
      assertCan(actor, 'conversation:open', { otherId, found: other !== undefined, blocked });
      return one(user, await conversations.open(user.id, otherId, deps.clock.now()));
    },

    async list(
      user: Sender,
      options: { limit: number; cursor?: string; query?: string },
    ): Promise<FactsPage<ConversationFacts>> {
      const key = decodeCursor(options.cursor, ['at', 'id']);
      const rows = await conversations.list(user.id, {
        limit: options.limit + 1,
        ...(key ? { before: key } : {}),
        ...(options.query?.trim() ? { query: options.query.trim() } : {}),
      });
      const page = keysetPage(rows, options.limit, (last) =>
        timeKey(last.conversation.updatedAt, last.conversation.id),
      );
      return { rows: await conversationFacts(user, page.rows), nextCursor: page.nextCursor };
    },

    get: async (user: Sender, id: string) => one(user, await member(user, id)),

    async messages(
      user: Sender,
      id: string,
      options: { limit: number; cursor?: string },
    ): Promise<FactsPage<MessageFacts>> {
      const row = await member(user, id);
      const before = decodeCursor(options.cursor, ['id'])?.id;
      const rows = await conversations.messages(row.conversation.id, {
        limit: options.limit + 1,
        ...(before ? { beforeId: before } : {}),
      });
      // Newest first from the query: the cursor is the oldest of the page, which reads oldest first.
      const page = keysetPage(rows, options.limit, (oldest) => ({ id: oldest.id }));
      const otherId = row.member.otherId;
      return {
        rows: await messageFacts(
          user.id,
          (message) => (message.senderId === user.id ? otherId : user.id),
          page.rows.reverse(),
          await deps.blocks.between(user.id, otherId),
        ),
        nextCursor: page.nextCursor,
      };
    },

    /** Stored once per clientId, then pushed to both sides' open tabs; answers the sender's view. */
    async send(user: Sender, id: string, input: SendMessageInput): Promise<MessageFacts> {
      const row = await member(user, id);
      const other = (await conversations.people([row.member.otherId])).get(row.member.otherId);
      if (!other) throw notFound(messageMessages.notFound);
      const refused = await refusal(user, other);
      if (refused) throw new AppError(refused.code, refused.message);
      const wait = await consume(deps.limiter, rateLimits.messagesPerUser, user.id);
      if (wait !== null) throw rateLimited(messageMessages.tooMany, wait);
      const media = await attachable(user, other, input.mediaIds ?? []);
      const { message, created } = await conversations.addMessage({
        conversationId: row.conversation.id,
        senderId: user.id,
        body: input.text.trim() === '' ? '' : input.text,
        clientId: input.clientId ?? null,
        now: deps.clock.now(),
        mediaIds: media.map((item) => item.id),
        priceCents: media.length > 0 ? messagePriceCents(input.price) : null,
      });
      const factsFor = async (viewerId: string): Promise<MessageFacts> => {
        // Sending is refused across a block, so there is none between the two here.
        const [facts] = await messageFacts(viewerId, () => other.id, [message], false);
        if (!facts) throw notFound(messageMessages.messageNotFound);
        return facts;
      };
      const [mine, theirs] = await Promise.all([factsFor(user.id), factsFor(other.id)]);
      if (created) {
        // Each side gets its own view: the recipient sees a priced message's previews only.
        const [myView, theirView] = await Promise.all([
          deps.present.chatMessage(mine),
          deps.present.chatMessage(theirs),
        ]);
        await deps.events.emit([user.id], 'message.created', { message: myView });
        await deps.events.emit([other.id], 'message.created', { message: theirView });
      }
      return mine;
    },

    /** The pay-per-view messages the user unlocked, with who sent them (the Purchased tab). */
    async purchased(
      user: Sender,
      options: { limit: number; cursor?: string },
    ): Promise<FactsPage<PurchasedMessageFacts>> {
      const before = decodeCursor(options.cursor, ['at', 'id']);
      const rows = await conversations.purchasedBy({
        userId: user.id,
        limit: options.limit + 1,
        ...(before ? { before } : {}),
      });
      const page = keysetPage(rows, options.limit, (last) => timeKey(last.purchasedAt, last.message.id));
      const [facts, people] = await Promise.all([
        // The list leaves out what was bought from someone across a block (conversations.repository.ts).
        messageFacts(
          user.id,
          () => user.id,
          page.rows.map((row) => row.message),
          false,
        ),
        conversations.people([...new Set(page.rows.map((row) => row.message.senderId))]),
      ]);
      return {
        rows: page.rows.flatMap((row, index) => {
          const from = people.get(row.message.senderId);
          const message = facts[index];
          return from && message ? [{ message, from, purchasedAt: row.purchasedAt }] : [];
        }),
        nextCursor: page.nextCursor,
      };
    },

    /** One message as this member sees it now (after an unlock, say); null when it is not theirs. */
    async viewOf(viewerId: string, messageId: string): Promise<MessageFacts | null> {
      const found = await conversations.findMessage(messageId);
      const member = found ? { senderId: found.message.senderId, recipientId: found.recipientId } : null;
      if (!found || !can(actorOf({ id: viewerId, role: 'user' }), 'message:member', member)) return null;
      const otherId = found.message.senderId === viewerId ? found.recipientId : found.message.senderId;
      const [view] = await messageFacts(
        viewerId,
        () => found.recipientId,
        [found.message],
        await deps.blocks.between(viewerId, otherId),
      );
      return view ?? null;
    },

    /** Opening a conversation marks it read; the other side's tabs learn it at once. */
    async markRead(user: Sender, id: string): Promise<void> {
      const row = await member(user, id);
      const now = deps.clock.now();
      await conversations.markRead(row.conversation.id, user.id, now);
      await deps.events.emit(
        [row.member.otherId, user.id],
        'message.read',
        deps.present.readReceipt(row.conversation.id, user.id, now),
      );
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
