import type { QueryClient } from '@tanstack/react-query';
import type { ChatMessage, Conversation } from '#common/schemas/messages.ts';
import type { ConversationPages } from './api/get-conversations.ts';
import type { ThreadPages } from './api/get-messages.ts';
import { messageKeys } from './api/keys.ts';

const newer = (a: { createdAt: string; id: string }, b: { createdAt: string; id: string }) =>
  a.createdAt === b.createdAt ? a.id > b.id : a.createdAt > b.createdAt;

/** The thread oldest first, each message once (pages may overlap after live additions). */
export function threadMessages(data: ThreadPages | undefined): ChatMessage[] {
  if (!data) return [];
  const seen = new Set<string>();
  const out: ChatMessage[] = [];
  for (const page of [...data.pages].reverse()) {
    for (const message of page.items) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      out.push(message);
    }
  }
  return out;
}

/** Adds a message to the newest page, once, in time order (a live event and a send answer may both bring it). */
export function withMessage(data: ThreadPages | undefined, message: ChatMessage): ThreadPages | undefined {
  if (!data) return data;
  if (data.pages.some((page) => page.items.some((item) => item.id === message.id))) return data;
  const [newest, ...older] = data.pages;
  if (!newest) return data;
  const items = [...newest.items, message].sort((a, b) => (newer(a, b) ? 1 : newer(b, a) ? -1 : 0));
  return { ...data, pages: [{ ...newest, items }, ...older] };
}

/** The thread with one message replaced where it is (an unlocked pay-per-view message). */
export function withReplacedMessage(
  data: ThreadPages | undefined,
  message: ChatMessage,
): ThreadPages | undefined {
  if (!data) return data;
  let found = false;
  const pages = data.pages.map((page) => ({
    ...page,
    items: page.items.map((item) => {
      if (item.id !== message.id) return item;
      found = true;
      return message;
    }),
  }));
  return found ? { ...data, pages } : data;
}

/** A conversation after one of its messages arrived: newest message, moved up, unread if from the other side. */
export function afterMessage(
  conversation: Conversation,
  message: ChatMessage,
  viewerId: string,
): Conversation {
  if (conversation.lastMessage && !newer(message, conversation.lastMessage)) return conversation;
  return {
    ...conversation,
    lastMessage: message,
    updatedAt: newer(message, { id: '', createdAt: conversation.updatedAt })
      ? message.createdAt
      : conversation.updatedAt,
    // Sending means having read everything before it.
    unread: message.senderId !== viewerId,
  };
}

/** A conversation after someone opened it: the viewer's unread dot clears, or the other side's receipt moves. */
export function afterRead(
  conversation: Conversation,
  read: { readerId: string; readAt: string },
  viewerId: string,
): Conversation {
  if (read.readerId === viewerId)
    return conversation.unread ? { ...conversation, unread: false } : conversation;
  if (conversation.otherReadAt && conversation.otherReadAt >= read.readAt) return conversation;
  return { ...conversation, otherReadAt: read.readAt };
}

/**
 * Applies a change to one conversation wherever a list holds it; with `toTop` it moves to the head of
 * the first page (lists are most recent first). Returns the lists unchanged when it is not there.
 */
export function updateInList(
  data: ConversationPages | undefined,
  id: string,
  change: (conversation: Conversation) => Conversation,
  toTop = false,
): ConversationPages | undefined {
  if (!data) return data;
  let found: Conversation | null = null;
  const pages = data.pages.map((page) => ({
    ...page,
    items: page.items.flatMap((item) => {
      if (item.id !== id) return [item];
      found = change(item);
      return toTop ? [] : [found];
    }),
  }));
  if (!found) return data;
  if (toTop && pages[0]) pages[0] = { ...pages[0], items: [found, ...pages[0].items] };
  return { ...data, pages };
}

export const listHolds = (data: ConversationPages | undefined, id: string) =>
  data?.pages.some((page) => page.items.some((item) => item.id === id)) ?? false;

/** Writes what the server or the event stream said into every cached copy. */
export function createMessageCache(queryClient: QueryClient, userId: string) {
  const lists = messageKeys.lists(userId);

  function updateConversation(
    id: string,
    change: (conversation: Conversation) => Conversation,
    toTop: boolean,
  ) {
    queryClient.setQueryData<Conversation>(messageKeys.conversation(userId, id), (old) =>
      old ? change(old) : old,
    );
    let missing = false;
    for (const [key, data] of queryClient.getQueriesData<ConversationPages>({ queryKey: lists })) {
      if (!data) continue;
      if (listHolds(data, id)) queryClient.setQueryData(key, updateInList(data, id, change, toTop));
      // A conversation new to the unfiltered list is fetched; a search list may rightly not hold it.
      else if (key[3] === '') missing = true;
    }
    if (missing) void queryClient.invalidateQueries({ queryKey: lists });
  }

  return {
    addMessage(message: ChatMessage): void {
      queryClient.setQueryData<ThreadPages>(messageKeys.thread(userId, message.conversationId), (old) =>
        withMessage(old, message),
      );
      updateConversation(message.conversationId, (c) => afterMessage(c, message, userId), true);
    },

    /** A message changed for this viewer (they unlocked it): shown anew where it is. */
    replaceMessage(message: ChatMessage): void {
      queryClient.setQueryData<ThreadPages>(messageKeys.thread(userId, message.conversationId), (old) =>
        withReplacedMessage(old, message),
      );
    },

    read(read: { conversationId: string; readerId: string; readAt: string }): void {
      updateConversation(read.conversationId, (c) => afterRead(c, read, userId), false);
    },

    /** The server changed something about the conversation (who may write, the other's name): ask again. */
    refresh(conversationId: string): void {
      void queryClient.invalidateQueries({ queryKey: messageKeys.conversation(userId, conversationId) });
      void queryClient.invalidateQueries({ queryKey: lists });
    },

    /** Opened or fetched: the single copy is seeded and lists learn of it. */
    put(conversation: Conversation): void {
      queryClient.setQueryData(messageKeys.conversation(userId, conversation.id), conversation);
      updateConversation(conversation.id, () => conversation, false);
    },

    /** Looks a conversation up in the cached lists (the chat header shows it before its own fetch). */
    find(id: string): Conversation | undefined {
      const single = queryClient.getQueryData<Conversation>(messageKeys.conversation(userId, id));
      if (single) return single;
      for (const [, data] of queryClient.getQueriesData<ConversationPages>({ queryKey: lists })) {
        for (const page of data?.pages ?? []) {
          const found = page.items.find((item) => item.id === id);
          if (found) return found;
        }
      }
      return undefined;
    },
  };
}

export type MessageCache = ReturnType<typeof createMessageCache>;
