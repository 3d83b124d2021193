import type { Clock } from '../../lib/clock.ts';
import { sha256 } from '../../lib/secrets.ts';
import { createRedisClient, type RedisLogger, redisAnswers, redisUsable } from '../redis.ts';
import { createMemoryStore } from './memory-store.ts';
import { createRedisStore } from './redis-store.ts';
import type { RateLimitStore, WindowState } from './store.ts';

export interface RateRule {
  limit: number;
  windowMs: number;
}

/** Rate limiting in the words services use: a scope ('signin-ip') and a subject (the IP). */
export interface RateLimiter {
  /** Counts an attempt; returns the seconds to wait when it is over the rule's limit, else null. */
  consume(scope: string, subject: string, rule: RateRule): Promise<number | null>;
  /** Seconds to wait when the subject already used up `limit` in its window, without counting. */
  blocked(scope: string, subject: string, limit: number): Promise<number | null>;
  /** Counts an event and tells where the window stands. */
  record(scope: string, subject: string, windowMs: number): Promise<WindowState>;
  clear(scope: string, subject: string): Promise<void>;
  close(): Promise<void>;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export function createRateLimiter(store: RateLimitStore, prefix = 'fp:rl'): RateLimiter {
  // Subjects are hashed: emails and IPs do not belong in a cache's key list.
  const key = (scope: string, subject: string) => `${prefix}:${scope}:${sha256(subject).slice(0, 32)}`;
  return {
    async consume(scope, subject, rule) {
      const state = await store.hit(key(scope, subject), rule.windowMs);
      return state.count > rule.limit ? seconds(state.resetInMs) : null;
    },
    async blocked(scope, subject, limit) {
      const state = await store.peek(key(scope, subject));
      return state && state.count >= limit ? seconds(state.resetInMs) : null;
    },
    record: (scope, subject, windowMs) => store.hit(key(scope, subject), windowMs),
    clear: (scope, subject) => store.reset(key(scope, subject)),
    close: () => store.close(),
  };
}

/**
 * Tries `primary` and, when it fails (Redis down or slow), answers from `fallback`: while Redis is
 * away each process limits on its own, which is looser across processes but never an error.
 */
export function withFallback(
  primary: RateLimitStore,
  fallback: RateLimitStore,
  usable: () => boolean = () => true,
): RateLimitStore {
  const either = async <T>(run: (store: RateLimitStore) => Promise<T>): Promise<T> => {
    if (!usable()) return run(fallback);
    try {
      return await run(primary);
    } catch {
      return run(fallback);
    }
  };
  return {
    hit: (key, windowMs) => either((store) => store.hit(key, windowMs)),
    peek: (key) => either((store) => store.peek(key)),
    async reset(key) {
      await Promise.allSettled([usable() ? primary.reset(key) : null, fallback.reset(key)]);
    },
    async close() {
      await Promise.allSettled([primary.close(), fallback.close()]);
    },
  };
}

export interface RateLimitStoreHandle {
  store: RateLimitStore;
  /** Whether the shared store (Redis) answers; null when there is none (memory only). */
  ping: (() => Promise<boolean>) | null;
}

/** Redis when REDIS_URL is set (shared by every process, this process's memory while it is down), else memory. */
export function createRateLimitStore(
  redisUrl: string | null,
  clock: Clock,
  log: RedisLogger,
): RateLimitStoreHandle {
  if (!redisUrl) return { store: createMemoryStore(clock), ping: null };
  const client = createRedisClient(redisUrl, log, { role: 'rate limits' });
  return {
    store: withFallback(createRedisStore(client, clock), createMemoryStore(clock), () => redisUsable(client)),
    ping: () => redisAnswers(client),
  };
}
