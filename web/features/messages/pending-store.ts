import { useMemo, useSyncExternalStore } from 'react';

/** A message on its way to the server, or one that did not get there (shown with Retry). */
export interface PendingMessage {
  clientId: string;
  userId: string;
  conversationId: string;
  text: string;
  state: 'sending' | 'failed';
  error: string | null;
  createdAt: string;
}

let entries: PendingMessage[] = [];
const listeners = new Set<() => void>();

function set(next: PendingMessage[]): void {
  entries = next;
  for (const listener of listeners) listener();
}

/** Outgoing messages of this tab, kept outside React so switching conversations keeps them. */
export const pendingMessages = {
  put(entry: PendingMessage): void {
    set([...entries.filter((item) => item.clientId !== entry.clientId), entry]);
  },
  remove(clientId: string): void {
    if (entries.some((item) => item.clientId === clientId)) {
      set(entries.filter((item) => item.clientId !== clientId));
    }
  },
  get: (clientId: string) => entries.find((item) => item.clientId === clientId),
  clear: () => set([]),
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: () => entries,
};

export function usePendingMessages(userId: string, conversationId: string): PendingMessage[] {
  const all = useSyncExternalStore(
    pendingMessages.subscribe,
    pendingMessages.snapshot,
    pendingMessages.snapshot,
  );
  return useMemo(
    () => all.filter((item) => item.userId === userId && item.conversationId === conversationId),
    [all, userId, conversationId],
  );
}
