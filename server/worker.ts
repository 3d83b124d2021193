/**
 * A process that only runs background jobs, for deployments that scale the web processes out
 * (start them with RUN_JOBS=false). Needs DATABASE_URL: the embedded database is single-process.
 * It builds the same modules as a web process (server/modules/index.ts) and runs their jobs; it
 * registers no routes.
 */
import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import { createCountryLookup } from './adapters/geo.ts';
import { createMailer, createOutbox } from './adapters/mail/index.ts';
import { createQueue } from './adapters/queue.ts';
import { createRateLimiter, createRateLimitStore } from './adapters/rate-limit/index.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { systemClock } from './lib/clock.ts';
import { closeModules, createModules, jobsOf } from './modules/index.ts';
import { createMediaRuntime } from './modules/media-runtime.ts';
import { createRepositories } from './modules/repositories.ts';
import { createPasswordHasher } from './services/auth/passwords.ts';

async function main() {
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  if (config.database.driver !== 'postgres') {
    throw new ConfigError(
      'The worker needs DATABASE_URL: the embedded database already runs jobs in the web process.',
    );
  }
  const database = await openDatabase(config, {
    onError: (error) => log.warn({ err: error }, 'database connection lost'),
  });
  const queue = createQueue(database, {
    log,
    onError: (error) => log.error({ err: error }, 'job queue error'),
  });
  // Receipts and notices go by email.
  const outbox = createOutbox(createMailer(config.mail, log), log);
  // The worker serves no requests: its rate limits (unused by jobs) stay in memory.
  const limiter = createRateLimiter(createRateLimitStore(null, systemClock, log).store);
  const modules = createModules(
    {
      config,
      clock: systemClock,
      log,
      repos: createRepositories(database.db),
      outbox,
      limiter,
      geo: createCountryLookup(),
      queue,
      media: await createMediaRuntime(config),
      passwords: createPasswordHasher(),
      // Sandbox webhooks (from renewals charged here) reach the web processes over HTTP.
      deliverWebhook: async ({ path, rawBody, headers }) =>
        (await fetch(`${config.publicUrl}${path}`, { method: 'POST', headers, body: rawBody })).status,
    },
    { anonymousDiscoverCache: false },
  );
  await queue.start({ work: true, jobs: jobsOf(modules) });
  log.info('worker started');
  closeWithGrace({ delay: config.shutdownTimeoutMs }, async ({ err }) => {
    if (err) log.error({ err }, 'worker stopping after an error');
    await queue.stop();
    await closeModules(modules);
    await outbox.close();
    await limiter.close();
    await database.close();
    log.info('worker stopped');
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
