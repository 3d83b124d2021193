import { createRedisClient, type RedisLogger, redisUsable } from '../redis.ts';
import { type BusEvent, createListeners, type EventBus } from './bus.ts';

const CHANNEL = 'fanplace:user-events';

export function createMemoryBus(): EventBus {
  const listeners = createListeners();
  return {
    async publish(userId, event) {
      listeners.deliver(userId, event);
    },
    subscribe: (userId, listener) => listeners.add(userId, listener),
    async close() {},
  };
}

/**
 * One channel for the whole app: each process receives every event and hands it to its own
 * listeners. Simple and enough for a few thousand events a second; per-user channels would trade
 * that for a SUBSCRIBE per connected user.
 */
export function createRedisBus(
  url: string,
  log: RedisLogger & { error(details: object, message: string): void },
): EventBus {
  const listeners = createListeners();
  const publisher = createRedisClient(url, log, { role: 'real-time publisher' });
  const subscriber = createRedisClient(url, log, { role: 'real-time subscriber', subscriber: true });
  subscriber.on('message', (_channel: string, raw: string) => {
    try {
      const { userId, event } = JSON.parse(raw) as { userId: string; event: BusEvent };
      listeners.deliver(userId, event);
    } catch (error) {
      log.error({ err: error }, 'event bus: unreadable message');
    }
  });
  // Not awaited: with Redis away at start the process still comes up, and ioredis subscribes (and
  // re-subscribes after every reconnect) once it is back.
  subscriber.subscribe(CHANNEL).catch(() => {});
  return {
    async publish(userId, event) {
      try {
        if (!redisUsable(publisher)) throw new Error('Redis is down');
        await publisher.publish(CHANNEL, JSON.stringify({ userId, event }));
      } catch {
        // Redis is down: this process's own streams still get it; others replay it from the
        // database when their stream reconnects (Last-Event-ID).
        listeners.deliver(userId, event);
      }
    },
    subscribe: (userId, listener) => listeners.add(userId, listener),
    async close() {
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}

/** Redis when REDIS_URL is set (every process hears every event), else this process only. */
export function createEventBus(
  redisUrl: string | null,
  log: RedisLogger & { error(details: object, message: string): void },
): EventBus {
  return redisUrl ? createRedisBus(redisUrl, log) : createMemoryBus();
}
