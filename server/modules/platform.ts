import type { FastifyBaseLogger } from 'fastify';
import { type CountryLookup, createCountryLookup } from '../adapters/geo.ts';
import { createMailer, createOutbox, type Outbox } from '../adapters/mail/index.ts';
import type { WebhookDelivery } from '../adapters/payments/webhook-delivery.ts';
import { createQueue, type PendingQueue, type Queue } from '../adapters/queue.ts';
import { createRateLimiter, createRateLimitStore, type RateLimiter } from '../adapters/rate-limit/index.ts';
import type { Config } from '../config.ts';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { type Clock, systemClock } from '../lib/clock.ts';
import { createPasswordHasher, type PasswordHasher } from '../services/auth/passwords.ts';
import { createMediaRuntime, type MediaRuntime } from './media-runtime.ts';
import { createRepositories, type Repositories } from './repositories.ts';

/**
 * What every module is built from: the configuration, the clock, the one set of repositories and
 * the outside concerns (mail, rate limits, queue, media storage). Built once per process by
 * `openPlatform`, which a web process (server/app.ts) and the worker (server/worker.ts) both call.
 */
export interface Platform {
  config: Config;
  clock: Clock;
  log: FastifyBaseLogger;
  repos: Repositories;
  outbox: Outbox;
  limiter: RateLimiter;
  geo: CountryLookup;
  queue: Queue;
  media: MediaRuntime;
  passwords: PasswordHasher;
  /**
   * Hands a sandbox payment's webhook to a web process, exactly as a provider would send it: into
   * this app's own HTTP handling in a web process, over HTTP to PUBLIC_URL from the worker.
   */
  deliverWebhook(delivery: WebhookDelivery): Promise<number>;
}

export interface PlatformOptions {
  log: FastifyBaseLogger;
  clock?: Clock;
  deliverWebhook: Platform['deliverWebhook'];
  /**
   * Keep rate limits in Redis when REDIS_URL is set, shared by every web process (default). The
   * worker serves no requests, so its limits (unused by jobs) stay in its own memory.
   */
  sharedRateLimits?: boolean;
  /** Tests: start an in-memory database from this archive of a migrated one (server/test/database-template.ts). */
  pgliteTemplate?: string;
}

export interface OpenPlatform {
  platform: Platform;
  database: DatabaseHandle;
  /** The platform's queue, to be started with the modules' jobs once they are built. */
  queue: PendingQueue;
  /** Whether the shared rate-limit store (Redis) answers; null without one. */
  redisPing: (() => Promise<boolean>) | null;
  /** Lets go of what the platform holds, once the modules built on it are closed. */
  close(): Promise<void>;
}

/** Opens the database and the outside concerns of one process, in the order they depend on. */
export async function openPlatform(config: Config, options: PlatformOptions): Promise<OpenPlatform> {
  const { log } = options;
  const clock = options.clock ?? systemClock;
  const media = await createMediaRuntime(config);
  const database = await openDatabase(config, {
    onError: (error) => log.warn({ err: error }, 'database connection lost'),
    pgliteTemplate: options.pgliteTemplate,
  });
  const queue = createQueue(database, {
    log,
    onError: (error) => log.error({ err: error }, 'job queue error'),
  });
  // Receipts, notices and codes go by email (or to the log without SMTP_URL).
  const outbox = createOutbox(createMailer(config.mail, log), log);
  const rateLimitStore = createRateLimitStore(
    (options.sharedRateLimits ?? true) ? config.redisUrl : null,
    clock,
    log,
  );
  const limiter = createRateLimiter(rateLimitStore.store);
  return {
    platform: {
      config,
      clock,
      log,
      repos: createRepositories(database.db),
      outbox,
      limiter,
      geo: createCountryLookup(),
      queue,
      media,
      passwords: createPasswordHasher(),
      deliverWebhook: options.deliverWebhook,
    },
    database,
    queue,
    redisPing: rateLimitStore.ping,
    async close() {
      await outbox.close();
      await limiter.close();
      await queue.stop();
      await database.close();
    },
  };
}
