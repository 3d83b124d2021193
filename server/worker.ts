/**
 * A process that only runs background jobs, for deployments that scale the web processes out
 * (start them with RUN_JOBS=false). Needs DATABASE_URL: the embedded database is single-process.
 */
import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import { createMailer, createOutbox } from './adapters/mail/index.ts';
import { startQueue } from './adapters/queue.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createJobs } from './jobs/index.ts';
import { systemClock } from './lib/clock.ts';
import { createMediaRuntime } from './services/media/runtime.ts';
import { createMonetizationServices } from './services/monetization/index.ts';
import { createPaymentsRuntime } from './services/payments/runtime.ts';

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
  // Sandbox webhooks (from renewals charged here) reach the web processes over HTTP.
  const payments = createPaymentsRuntime({
    config,
    db: database.db,
    clock: systemClock,
    log,
    send: async ({ path, rawBody, headers }) =>
      (await fetch(`${config.publicUrl}${path}`, { method: 'POST', headers, body: rawBody })).status,
  });
  // Renewal receipts go by email; live notifications belong to the web processes.
  const outbox = createOutbox(createMailer(config.mail, log), log);
  const monetization = createMonetizationServices({
    db: database.db,
    provider: payments.providers.active,
    fallbackWebhooks: payments.webhooks,
    clock: systemClock,
    log,
    publicUrl: config.publicUrl,
    feePercent: config.payments.platformFeePercent,
    holdDays: config.payments.earningsHoldDays,
    outbox,
    notifications: null,
  });
  const queue = await startQueue(database, {
    work: true,
    jobs: createJobs(database.db, log, await createMediaRuntime(config), systemClock, payments, monetization),
    log,
    onError: (error) => log.error({ err: error }, 'job queue error'),
  });
  log.info('worker started');
  closeWithGrace({ delay: config.shutdownTimeoutMs }, async ({ err }) => {
    if (err) log.error({ err }, 'worker stopping after an error');
    await queue.stop();
    await payments.webhookDelivery.close();
    await outbox.close();
    await database.close();
    log.info('worker stopped');
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
