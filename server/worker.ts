/**
 * A process that only runs background jobs, for deployments that scale the web processes out
 * (start them with RUN_JOBS=false). Needs DATABASE_URL: the embedded database is single-process.
 */
import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import { createEventBus } from './adapters/bus/index.ts';
import { createMailer, createOutbox } from './adapters/mail/index.ts';
import { type Queue, startQueue } from './adapters/queue.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createJobs } from './jobs/index.ts';
import { systemClock } from './lib/clock.ts';
import { createBillingRuntime, createFanPaymentServices } from './modules/billing-services.ts';
import { createMediaRuntime } from './modules/media-runtime.ts';
import { createPayouts } from './modules/payouts.ts';
import { createRepositories } from './modules/repositories.ts';
import { createMediaLinks } from './services/media/links.ts';
import { createUrlSigner } from './services/media/url-signing.ts';
import { createMassMessageDelivery } from './services/messaging/mass-message-delivery.ts';
import { createPostScheduler } from './services/posts/scheduler.service.ts';
import { createEventsService } from './services/realtime/events.service.ts';
import { createNotificationsService } from './services/realtime/notifications.service.ts';

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
  const repos = createRepositories(database.db);
  // Sandbox webhooks (from renewals charged here) reach the web processes over HTTP.
  const payments = createBillingRuntime({
    config,
    repos,
    clock: systemClock,
    log,
    send: async ({ path, rawBody, headers }) =>
      (await fetch(`${config.publicUrl}${path}`, { method: 'POST', headers, body: rawBody })).status,
  });
  // Receipts go by email.
  const outbox = createOutbox(createMailer(config.mail, log), log);
  // A scheduled post's notification: stored, pushed over the bus (Redis reaches the web processes'
  // open tabs) and emailed as the creator chose.
  const bus = createEventBus(config.redisUrl, log);
  const events = createEventsService({
    events: repos.events,
    bus,
    clock: systemClock,
    onError: (error) => log.error({ err: error }, 'publishing an event failed'),
  });
  const notifications = createNotificationsService({
    notifications: repos.notifications,
    preferences: repos.notificationPreferences,
    events,
    outbox,
    clock: systemClock,
    onError: (error) => log.error({ err: error }, 'a notification failed'),
  });
  // Payout transfers are sent, verified and reconciled here; weekly payouts made here.
  let queue: Queue | null = null;
  const payouts = createPayouts({
    config,
    repos,
    transfers: payments.providers.transfers,
    outbox,
    notifications: () => notifications,
    clock: systemClock,
    log,
    queue: () => {
      if (!queue) throw new Error('the job queue is not started yet');
      return queue;
    },
  });
  const fanPayments = createFanPaymentServices({
    repos,
    provider: payments.providers.active,
    agentPlans: payments.webhooks,
    clock: systemClock,
    log,
    publicUrl: config.publicUrl,
    feePercent: config.payments.platformFeePercent,
    holdDays: config.payments.earningsHoldDays,
    tipLimits: config.payments.tips,
    outbox,
    // Settled here (a webhook, a renewal): the tip's message and the notification reach open tabs over the bus.
    notifications,
    events,
    payoutTransfers: payouts.transfers,
  });
  const mediaRuntime = await createMediaRuntime(config);
  // Mass messages go out from here too: each fan's message is shown as they see it (signed links).
  const ttlSeconds = config.media.signedUrlTtlSeconds;
  const massDelivery = createMassMessageDelivery({
    massMessages: repos.massMessages,
    media: repos.media,
    events,
    links: createMediaLinks({
      signer: createUrlSigner({ secret: config.appSecret, clock: systemClock, ttlSeconds }),
      storage: mediaRuntime.storage,
      clock: systemClock,
      ttlSeconds,
    }),
    clock: systemClock,
  });
  const started = await startQueue(database, {
    work: true,
    jobs: createJobs({
      repos,
      log,
      media: mediaRuntime,
      clock: systemClock,
      payments,
      fanPayments,
      postScheduler: createPostScheduler({
        posts: repos.posts,
        notifications,
        clock: systemClock,
        publicUrl: config.publicUrl,
      }),
      massMessages: massDelivery,
      payouts,
    }),
    log,
    onError: (error) => log.error({ err: error }, 'job queue error'),
  });
  queue = started;
  log.info('worker started');
  closeWithGrace({ delay: config.shutdownTimeoutMs }, async ({ err }) => {
    if (err) log.error({ err }, 'worker stopping after an error');
    await started.stop();
    payments.providers.sandboxTransfers?.close();
    await payments.webhookDelivery.close();
    await outbox.close();
    await bus.close();
    await database.close();
    log.info('worker stopped');
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
