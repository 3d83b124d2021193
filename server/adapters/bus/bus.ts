/** One pushed event: its number (for Last-Event-ID), its name and its JSON payload. */
export interface BusEvent {
  id: number;
  name: string;
  payload: unknown;
}

/**
 * Real-time fan-out to the users' open streams, wherever they are connected: in this process by
 * default, through Redis pub/sub when REDIS_URL is set so every process hears every event.
 */
export interface EventBus {
  publish(userId: string, event: BusEvent): Promise<void>;
  /** Calls `listener` for each event to this user published by any process; returns the unsubscribe. */
  subscribe(userId: string, listener: (event: BusEvent) => void): () => void;
  close(): Promise<void>;
}

/** Local listeners by user, shared by both drivers. */
export function createListeners() {
  const byUser = new Map<string, Set<(event: BusEvent) => void>>();
  return {
    add(userId: string, listener: (event: BusEvent) => void): () => void {
      let set = byUser.get(userId);
      if (!set) {
        set = new Set();
        byUser.set(userId, set);
      }
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) byUser.delete(userId);
      };
    },
    deliver(userId: string, event: BusEvent): void {
      for (const listener of byUser.get(userId) ?? []) listener(event);
    },
    get size() {
      return byUser.size;
    },
  };
}
