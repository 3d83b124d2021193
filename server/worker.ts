/**
 * A process that only runs background jobs, for deployments that scale the web processes out
 * (start them with RUN_JOBS=false). Needs DATABASE_URL: the embedded database is single-process.
 */
import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import { startQueue } from './adapters/queue.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createJobs } from './jobs/index.ts';

async function main() {
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  if (config.database.driver !== 'postgres') {
    throw new ConfigError(
      'The worker needs DATABASE_URL: the embedded database already runs jobs in the web process.',
    );
  }
  const database = await openDatabase(config);
  const queue = await startQueue(database.sql, {
    work: true,
    jobs: createJobs(database.db, log),
    onError: (error) => log.error({ err: error }, 'job queue error'),
  });
  log.info('worker started');
  closeWithGrace({ delay: config.shutdownTimeoutMs }, async ({ err }) => {
    if (err) log.error({ err }, 'worker stopping after an error');
    await queue.stop();
    await database.close();
    log.info('worker stopped');
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
