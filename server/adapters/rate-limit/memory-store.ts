import type { Clock } from '../../lib/clock.ts';
import type { RateLimitStore, WindowState } from './store.ts';

const SWEEP_EVERY_MS = 60_000;

/** The embedded default: one process's memory, swept every minute. */
export function createMemoryStore(clock: Clock): RateLimitStore {
  const windows = new Map<string, { count: number; expiresAt: number }>();
  const sweeper = setInterval(() => {
    const now = clock.now().getTime();
    for (const [key, window] of windows) if (window.expiresAt <= now) windows.delete(key);
  }, SWEEP_EVERY_MS);
  sweeper.unref();

  function live(key: string, now: number) {
    const window = windows.get(key);
    return window && window.expiresAt > now ? window : null;
  }

  return {
    async hit(key, windowMs): Promise<WindowState> {
      const now = clock.now().getTime();
      const window = live(key, now) ?? { count: 0, expiresAt: now + windowMs };
      window.count += 1;
      windows.set(key, window);
      return { count: window.count, resetInMs: window.expiresAt - now };
    },
    async peek(key) {
      const now = clock.now().getTime();
      const window = live(key, now);
      return window ? { count: window.count, resetInMs: window.expiresAt - now } : null;
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      clearInterval(sweeper);
      windows.clear();
    },
  };
}
