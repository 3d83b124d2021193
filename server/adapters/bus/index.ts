import { createRedisClient, type RedisLogger, redisUsable } from '../redis.ts';
import { type BusEvent, createListeners, type EventBus } from './bus.ts';

const CHANNEL = 'fanplace:user-events';

export function createMemoryBus(): EventBus {
  const listeners = createListeners();
  return {
    async publish(key, event) {
      listeners.deliver(key, event);
    },
    subscribe: (key, listener) => listeners.add(key, listener),
    // One process: nothing is ever missed.
    onMissed: () => () => {},
    async close() {},
  };
}

/** While the subscriber is down, how often streams look in the database for what they missed. */
export const MISSED_POLL_MS = 2_000;

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
      // The field is still called userId on the wire, so processes of the previous release read it.
      const { userId: key, event } = JSON.parse(raw) as { userId: string; event: BusEvent };
      listeners.deliver(key, event);
    } catch (error) {
      log.error({ err: error }, 'event bus: unreadable message');
    }
  });
  // Not awaited: with Redis away at start the process still comes up, and ioredis subscribes (and
  // re-subscribes after every reconnect) once it is back.
  subscriber.subscribe(CHANNEL).catch(() => {});
  // Events other processes publish while this subscriber is cut off never reach it: streams are
  // told to look in the database every few seconds while it is down, once it is subscribed again,
  // and once more a moment later (a message published as the SUBSCRIBE went out).
  const missed = new Set<() => void>();
  const tellMissed = () => {
    for (const listener of missed) listener();
  };
  let poll: NodeJS.Timeout | null = null;
  let closing = false;
  subscriber.on('close', () => {
    if (poll || closing) return;
    poll = setInterval(tellMissed, MISSED_POLL_MS);
    poll.unref();
  });
  subscriber.on('ready', () => {
    if (!poll) return;
    clearInterval(poll);
    poll = null;
    tellMissed();
    setTimeout(tellMissed, MISSED_POLL_MS).unref();
  });
  return {
    async publish(key, event) {
      try {
        if (!redisUsable(publisher)) throw new Error('Redis is down');
        await publisher.publish(CHANNEL, JSON.stringify({ userId: key, event }));
      } catch {
        // Redis is down: this process's own streams still get it; others replay it from the
        // database when their stream reconnects (Last-Event-ID).
        listeners.deliver(key, event);
      }
    },
    subscribe: (key, listener) => listeners.add(key, listener),
    onMissed(listener) {
      missed.add(listener);
      return () => missed.delete(listener);
    },
    async close() {
      closing = true;
      if (poll) clearInterval(poll);
      poll = null;
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
