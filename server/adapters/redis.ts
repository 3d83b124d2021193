import { Redis } from 'ioredis';

export interface RedisLogger {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

/** The address without credentials, for log lines. */
export function redisAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return 'redis';
  }
}

/**
 * A Redis connection that never makes a request wait long for Redis: a command times out after
 * 1 s (callers skip Redis altogether while it is known to be down, see `redisUsable`), and the
 * connection is retried with backoff (up to 5 s apart). An outage is logged once when it starts
 * and once when it ends, not per retry.
 */
export function createRedisClient(
  url: string,
  log: RedisLogger,
  options: { role: string; subscriber?: boolean },
): Redis {
  const client = new Redis(url, {
    lazyConnect: false,
    connectTimeout: 2_000,
    // Commands sent while connecting wait for the connection (within commandTimeout); a
    // subscriber's SUBSCRIBE waits for as long as it takes.
    enableOfflineQueue: true,
    maxRetriesPerRequest: options.subscriber ? null : 0,
    ...(options.subscriber ? {} : { commandTimeout: 1_000 }),
    retryStrategy: (attempt) => Math.min(200 * 2 ** Math.min(attempt, 5), 5_000),
  });
  let down = false;
  client.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.warn(
      { redis: redisAddress(url), role: options.role, reason: error.message },
      `Redis at ${redisAddress(url)} is unreachable; retrying with backoff`,
    );
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    log.info({ redis: redisAddress(url), role: options.role }, 'Redis reachable again');
  });
  return client;
}

/** False while the connection is known to be down (it failed and is being retried). */
export function redisUsable(client: Redis): boolean {
  return (
    client.status === 'ready' ||
    client.status === 'connecting' ||
    client.status === 'connect' ||
    client.status === 'wait'
  );
}

/** Whether the connection answers a PING within `timeoutMs`. */
export async function redisAnswers(client: Redis, timeoutMs = 1_000): Promise<boolean> {
  if (client.status !== 'ready') return false;
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      client.ping().then((answer) => answer === 'PONG'),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      }),
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
