import { Redis } from 'ioredis';
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
export async function createRedisBus(url: string, onError: (error: Error) => void): Promise<EventBus> {
  const listeners = createListeners();
  const publisher = new Redis(url, { maxRetriesPerRequest: 2 });
  const subscriber = new Redis(url, { maxRetriesPerRequest: null });
  publisher.on('error', onError);
  subscriber.on('error', onError);
  subscriber.on('message', (_channel: string, raw: string) => {
    try {
      const { userId, event } = JSON.parse(raw) as { userId: string; event: BusEvent };
      listeners.deliver(userId, event);
    } catch (error) {
      onError(error as Error);
    }
  });
  await subscriber.subscribe(CHANNEL);
  return {
    async publish(userId, event) {
      await publisher.publish(CHANNEL, JSON.stringify({ userId, event }));
    },
    subscribe: (userId, listener) => listeners.add(userId, listener),
    async close() {
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}

/** Redis when REDIS_URL is set (every process hears every event), else this process only. */
export function createEventBus(redisUrl: string | null, onError: (error: Error) => void): Promise<EventBus> {
  return redisUrl ? createRedisBus(redisUrl, onError) : Promise.resolve(createMemoryBus());
}
