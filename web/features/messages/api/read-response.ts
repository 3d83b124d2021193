import type {
  ChatMessage,
  Conversation,
  ConversationList,
  MessagePage,
  MessageSettings,
  Person,
} from '#common/schemas/messages.ts';

/**
 * Answers are checked by hand, not with the zod schemas: the unread badge and the event handlers
 * run on every page, and zod would add ~37 KB gzipped to the first page. The server validates
 * every answer against the same schemas before sending it; this catches a wrong endpoint or proxy.
 */
function fail(what: string): never {
  throw new Error(`Unexpected answer from the server (${what})`);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
const isText = (value: unknown): value is string => typeof value === 'string';
const isTextOrNull = (value: unknown): value is string | null => value === null || isText(value);

export function readMessage(value: unknown): ChatMessage {
  if (
    !isRecord(value) ||
    !isText(value.id) ||
    !isText(value.conversationId) ||
    !isText(value.senderId) ||
    !isText(value.text) ||
    !isTextOrNull(value.clientId) ||
    !isText(value.createdAt)
  ) {
    fail('message');
  }
  // An event stored before `canReport` existed (replayed after a reconnect) offers no report.
  return { ...value, canReport: value.canReport === true } as ChatMessage;
}

function readPerson(value: unknown): Person {
  if (!isRecord(value) || !isText(value.id) || !isText(value.name)) fail('person');
  if (!isTextOrNull(value.handle) || !isTextOrNull(value.avatarUrl)) fail('person');
  return value as Person;
}

export function readConversation(value: unknown): Conversation {
  if (!isRecord(value) || !isText(value.id) || !isText(value.updatedAt)) fail('conversation');
  readPerson(value.other);
  const lastMessage = value.lastMessage === null ? null : readMessage(value.lastMessage);
  if (typeof value.unread !== 'boolean' || typeof value.canSend !== 'boolean') fail('conversation');
  if (!isTextOrNull(value.otherReadAt) || !isTextOrNull(value.cannotSendReason)) fail('conversation');
  return { ...value, lastMessage } as Conversation;
}

export function readConversationList(value: unknown): ConversationList {
  if (!isRecord(value) || !Array.isArray(value.items) || !isTextOrNull(value.nextCursor)) {
    fail('conversation list');
  }
  return { ...value, items: value.items.map(readConversation) } as ConversationList;
}

export function readMessagePage(value: unknown): MessagePage {
  if (!isRecord(value) || !Array.isArray(value.items) || !isTextOrNull(value.nextCursor)) {
    fail('message page');
  }
  return { ...value, items: value.items.map(readMessage) } as MessagePage;
}

export function readMessageSettings(value: unknown): MessageSettings {
  if (!isRecord(value) || typeof value.subscribersOnly !== 'boolean') fail('message settings');
  return { subscribersOnly: value.subscribersOnly };
}
