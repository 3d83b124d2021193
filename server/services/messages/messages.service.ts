import type {
  ChatMessage,
  Conversation,
  ConversationList,
  MessagePage,
  PurchasedMessageList,
  SendMessageInput,
} from '../../../common/schemas/messages.ts';
import { messageMessages, messagePriceCents } from '../../../common/schemas/messages.ts';
import type { RateLimiter } from '../../adapters/rate-limit/index.ts';
import { AppError, notFound, rateLimited, validationFailed } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { consume, rateLimits } from '../../lib/rate-limits.ts';
import { actorOf, assertCan, can, type Refusal, refusalOf } from '../../policies/access.ts';
import {
  presentChatMessage,
  presentConversation,
  presentPerson,
  presentReadReceipt,
} from '../../presenters/message.ts';
import type { BlocksRepository } from '../../repositories/blocks.repository.ts';
import type {
  ConversationRow,
  ConversationsRepository,
  MessageRecord,
  PersonRecord,
} from '../../repositories/conversations.repository.ts';
import type { EntitlementsRepository } from '../../repositories/entitlements.repository.ts';
import type { MediaRecord } from '../../repositories/media.repository.ts';
import type { UserRecord } from '../../repositories/users.repository.ts';
import type { OwnedMedia } from '../creators/owned-media.ts';
import type { MediaLinks } from '../media/links.ts';
import type { EventsService } from '../realtime/events.service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
type Sender = Pick<UserRecord, 'id' | 'role' | 'isEmailVerified'>;

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
}) {
  const { conversations } = deps;

  /**
   * Messages as one member sees them: items in full or as blurred previews (presenters/message.ts).
   * `blocked`: a block either way with the other member, whose items then show as previews only.
   */
  async function presentMessages(
    viewerId: string,
    recipientOf: (message: MessageRecord) => string,
    list: MessageRecord[],
    blocked: boolean,
  ): Promise<ChatMessage[]> {
    const ids = list.map((message) => message.id);
    const [items, purchased] = await Promise.all([
      conversations.itemsOf(ids),
      list.some((message) => message.priceCents !== null && message.senderId !== viewerId)
        ? conversations.purchasedAmong(viewerId, ids)
        : Promise.resolve(new Set<string>()),
    ]);
    return Promise.all(
      list.map((message) =>
        presentChatMessage(message, {
          viewerId,
          recipientId: recipientOf(message),
          items: items.get(message.id) ?? [],
          purchased: purchased.has(message.id),
          blocked: blocked && message.senderId !== viewerId,
          links: deps.links,
        }),
      ),
    );
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

  async function present(viewer: Sender, rows: ConversationRow[]): Promise<Conversation[]> {
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
        return presentConversation(viewer.id, row, other, lastMessage, reason, attach);
      }),
    );
  }

  async function member(user: Sender, id: string): Promise<ConversationRow> {
    const row = UUID.test(id) ? await conversations.find(id.toLowerCase(), user.id) : null;
    assertCan(actorOf(user), 'conversation:use', { member: row !== null });
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
      const otherId = row.member.otherId;
      return {
        items: await presentMessages(
          user.id,
          (message) => (message.senderId === user.id ? otherId : user.id),
          page.reverse(),
          await deps.blocks.between(user.id, otherId),
        ),
        nextCursor: rows.length > options.limit && oldest ? encodeCursor({ id: oldest.id }) : null,
      };
    },

    /** Stored once per clientId, then pushed to both sides' open tabs. */
    async send(user: Sender, id: string, input: SendMessageInput) {
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
      const viewFor = async (viewerId: string): Promise<ChatMessage> => {
        // Sending is refused across a block, so there is none between the two here.
        const [view] = await presentMessages(viewerId, () => other.id, [message], false);
        if (!view) throw notFound(messageMessages.messageNotFound);
        return view;
      };
      const [mine, theirs] = await Promise.all([viewFor(user.id), viewFor(other.id)]);
      if (created) {
        // Each side gets its own view: the recipient sees a priced message's previews only.
        await deps.events.emit([user.id], 'message.created', { message: mine });
        await deps.events.emit([other.id], 'message.created', { message: theirs });
      }
      return mine;
    },

    /** The pay-per-view messages the user unlocked, with who sent them (the Purchased tab). */
    async purchased(
      user: Sender,
      options: { limit: number; cursor?: string },
    ): Promise<PurchasedMessageList> {
      const before = decodeCursor(options.cursor, ['at', 'id']);
      const rows = await conversations.purchasedBy({
        userId: user.id,
        limit: options.limit + 1,
        ...(before ? { before } : {}),
      });
      const page = rows.slice(0, options.limit);
      const [views, people] = await Promise.all([
        // The list leaves out what was bought from someone across a block (conversations.repository.ts).
        presentMessages(
          user.id,
          () => user.id,
          page.map((row) => row.message),
          false,
        ),
        conversations.people([...new Set(page.map((row) => row.message.senderId))]),
      ]);
      const last = page.at(-1);
      return {
        items: page.flatMap((row, index) => {
          const sender = people.get(row.message.senderId);
          const message = views[index];
          return sender && message
            ? [{ message, from: presentPerson(sender), purchasedAt: row.purchasedAt.toISOString() }]
            : [];
        }),
        nextCursor:
          rows.length > options.limit && last
            ? encodeCursor({ at: last.purchasedAt.toISOString(), id: last.message.id })
            : null,
      };
    },

    /** One message as this member sees it now (after an unlock, say); null when it is not theirs. */
    async viewOf(viewerId: string, messageId: string): Promise<ChatMessage | null> {
      const found = await conversations.findMessage(messageId);
      const member = found ? { senderId: found.message.senderId, recipientId: found.recipientId } : null;
      if (!found || !can(actorOf({ id: viewerId, role: 'user' }), 'message:member', member)) return null;
      const otherId = found.message.senderId === viewerId ? found.recipientId : found.message.senderId;
      const [view] = await presentMessages(
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
        presentReadReceipt(row.conversation.id, user.id, now),
      );
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
