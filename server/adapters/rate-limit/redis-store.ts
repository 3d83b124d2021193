import type { Redis } from 'ioredis';
import type { Clock } from '../../lib/clock.ts';
import type { RateLimitStore } from './store.ts';

/**
 * One hash per key: c = count, e = expiry in ms on the app's clock. Redis' own TTL only collects
 * the garbage; the expiry that counts is `e`, compared with the `now` the caller passes.
 */
const HIT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local expires = tonumber(redis.call('HGET', KEYS[1], 'e'))
if (not expires) or expires <= now then
  redis.call('HSET', KEYS[1], 'c', 1, 'e', now + window)
  redis.call('PEXPIRE', KEYS[1], window)
  return {1, window}
end
local count = redis.call('HINCRBY', KEYS[1], 'c', 1)
return {count, expires - now}
`;

/** Counters in Redis, through a connection made by server/adapters/redis.ts (which fails fast). */
export function createRedisStore(redis: Redis, clock: Clock): RateLimitStore {
  return {
    async hit(key, windowMs) {
      const [count, resetInMs] = (await redis.eval(HIT, 1, key, clock.now().getTime(), windowMs)) as [
        number,
        number,
      ];
      return { count, resetInMs };
    },
    async peek(key) {
      const [count, expires] = await redis.hmget(key, 'c', 'e');
      const resetInMs = Number(expires) - clock.now().getTime();
      if (!count || !expires || resetInMs <= 0) return null;
      return { count: Number(count), resetInMs };
    },
    async reset(key) {
      await redis.del(key);
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
