/** One pushed event: its number (for Last-Event-ID), its name and its JSON payload. */
export interface BusEvent {
  id: number;
  name: string;
  payload: unknown;
}

/**
 * Real-time fan-out to open streams, wherever they are connected: in this process by default,
 * through Redis pub/sub when REDIS_URL is set so every process hears every event. An event goes to
 * a key: a user's id (their own stream), or a topic such as `post:<id>` (everyone watching that
 * post's comments). Topics hold a colon, so they never meet a user's id.
 */
export interface EventBus {
  publish(key: string, event: BusEvent): Promise<void>;
  /** Calls `listener` for each event to this key published by any process; returns the unsubscribe. */
  subscribe(key: string, listener: (event: BusEvent) => void): () => void;
  /**
   * Calls `listener` when events from other processes may have been missed: every few seconds while
   * the bus's connection is down, and once it is back. Streams then replay from the database what
   * they have not sent (events are stored before they are published). Returns the unsubscribe.
   */
  onMissed(listener: () => void): () => void;
  close(): Promise<void>;
}

/** Local listeners by key, shared by both drivers. */
export function createListeners() {
  const byKey = new Map<string, Set<(event: BusEvent) => void>>();
  return {
    add(key: string, listener: (event: BusEvent) => void): () => void {
      let set = byKey.get(key);
      if (!set) {
        set = new Set();
        byKey.set(key, set);
      }
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) byKey.delete(key);
      };
    },
    deliver(key: string, event: BusEvent): void {
      for (const listener of byKey.get(key) ?? []) listener(event);
    },
    get size() {
      return byKey.size;
    },
  };
}
