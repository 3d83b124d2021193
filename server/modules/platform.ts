import type { FastifyBaseLogger } from 'fastify';
import type { CountryLookup } from '../adapters/geo.ts';
import type { Outbox } from '../adapters/mail/index.ts';
import type { WebhookDelivery } from '../adapters/payments/webhook-delivery.ts';
import type { Queue } from '../adapters/queue.ts';
import type { RateLimiter } from '../adapters/rate-limit/index.ts';
import type { Config } from '../config.ts';
import type { Clock } from '../lib/clock.ts';
import type { PasswordHasher } from '../services/auth/passwords.ts';
import type { MediaRuntime } from './media-runtime.ts';
import type { Repositories } from './repositories.ts';

/**
 * What every module is built from: the configuration, the clock, the one set of repositories and
 * the outside concerns (mail, rate limits, queue, media storage). Built once per process, by
 * server/app.ts for a web process and by server/worker.ts for the worker.
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
