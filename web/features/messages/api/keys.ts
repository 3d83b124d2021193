/** Cache keys, all under the signed-in user so another account never sees these. */
export const messageKeys = {
  all: (userId: string) => ['messages', userId] as const,
  lists: (userId: string) => ['messages', userId, 'conversations'] as const,
  list: (userId: string, query: string) => ['messages', userId, 'conversations', query] as const,
  conversation: (userId: string, id: string) => ['messages', userId, 'conversation', id] as const,
  thread: (userId: string, id: string) => ['messages', userId, 'thread', id] as const,
  settings: (userId: string) => ['messages', userId, 'settings'] as const,
  purchased: (userId: string) => ['messages', userId, 'purchased'] as const,
};
