/**
 * A process that only runs background jobs, for deployments that scale the web processes out
 * (start them with RUN_JOBS=false). Needs DATABASE_URL: the embedded database is single-process.
 * It builds the same modules as a web process (server/modules/index.ts) and runs their jobs; it
 * registers no routes.
 */
import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import { ConfigError, loadConfig } from './config.ts';
import { closeModules, createModules, jobsOf } from './modules/index.ts';
import { openPlatform } from './modules/platform.ts';

async function main() {
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  if (config.database.driver !== 'postgres') {
    throw new ConfigError(
      'The worker needs DATABASE_URL: the embedded database already runs jobs in the web process.',
    );
  }
  const opened = await openPlatform(config, {
    log,
    sharedRateLimits: false,
    // Sandbox webhooks (from renewals charged here) reach the web processes over HTTP.
    deliverWebhook: async ({ path, rawBody, headers }) =>
      (await fetch(`${config.publicUrl}${path}`, { method: 'POST', headers, body: rawBody })).status,
  });
  const modules = createModules(opened.platform, { anonymousDiscoverCache: false });
  await opened.queue.start({ work: true, jobs: jobsOf(modules) });
  log.info('worker started');
  closeWithGrace({ delay: config.shutdownTimeoutMs }, async ({ err }) => {
    if (err) log.error({ err }, 'worker stopping after an error');
    // No new job first; then what the modules and the platform hold.
    await opened.queue.stop();
    await closeModules(modules);
    await opened.close();
    log.info('worker stopped');
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
