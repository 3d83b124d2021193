import type { Clock } from './clock.ts';

/**
 * A tiny time-boxed cache for answers that are the same for everyone (anonymous Discover pages):
 * under load most requests are served from memory, and what anyone sees is at most `ttlMs` old.
 * Each process keeps its own; nothing in it is needed by another.
 */
export function createMicroCache<Value>(options: { ttlMs: number; maxEntries: number; clock: Clock }) {
  const entries = new Map<string, { value: Value; expires: number }>();
  return {
    get(key: string): Value | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expires <= options.clock.now().getTime()) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key: string, value: Value): void {
      if (entries.size >= options.maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(key, { value, expires: options.clock.now().getTime() + options.ttlMs });
    },
    clear: () => entries.clear(),
  };
}

export type MicroCache<Value> = ReturnType<typeof createMicroCache<Value>>;
