import { type JobInsert, PgBoss } from 'pg-boss';
import { type DatabaseHandle, isDatabaseUnavailable, type SqlExecutor } from '../db/client.ts';

/**
 * How one kind of job is retried and when a run counts as lost. Every job gets a heartbeat: a
 * worker that dies (SIGKILL, out of memory, a lost machine) stops sending it, and the job is
 * failed and retried within `heartbeatSeconds` plus one supervision pass instead of waiting out
 * its whole expiry.
 */
export interface JobSettings {
  /** Longest a single run may take before it is failed (and retried). */
  expireInSeconds: number;
  /** Retries after the first run; then the job ends `failed`. */
  retryLimit: number;
  /** First retry delay, doubled each time. */
  retryDelaySeconds: number;
}

export const DEFAULT_JOB_SETTINGS: JobSettings = {
  expireInSeconds: 15 * 60,
  retryLimit: 2,
  retryDelaySeconds: 5,
};

/** How often a running job proves its worker is alive, and how often lost ones are looked for. */
export const HEARTBEAT_SECONDS = 15;
const SUPERVISE_SECONDS = 10;

export interface JobDefinition<Data extends object = Record<string, never>> {
  name: string;
  /** Cron expression (UTC) when the job also runs on a schedule. */
  cron?: string;
  /** Also queued once whenever a process that runs jobs starts (catching up on time it was down). */
  runOnStart?: boolean;
  /** Expiry and retries (DEFAULT_JOB_SETTINGS otherwise). */
  settings?: Partial<JobSettings>;
  /**
   * How often an idle worker asks for this job (seconds, at least 0.5; 2 otherwise): what a
   * person waits on (a push notification) is asked for more often than housekeeping. A job this
   * process queues for itself does not wait for the poll: `send` wakes its worker.
   */
  pollSeconds?: number;
  handle(data: Data): Promise<void>;
  /** Once a job has failed for the last time (its retries used up), with the reason. */
  onFailed?(data: Data, reason: string): Promise<void>;
}

export interface QueueCounts {
  name: string;
  queued: number;
  active: number;
  failed: number;
  total: number;
}

export interface Queue {
  /** Queues a job; with `startAfter`, it is not run before that moment. */
  send<Data extends object>(
    name: string,
    data: Data,
    options?: { startAfter?: Date },
  ): Promise<string | null>;
  /** Waits for a job to leave the queue (tests and scripts); resolves with its final state. */
  waitFor(name: string, id: string, timeoutMs?: number): Promise<string>;
  /** Jobs per queue and state (metrics). */
  counts(): Promise<QueueCounts[]>;
  stop(): Promise<void>;
}

export interface QueueLogger {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface QueueOptions {
  /** Register handlers and schedules in this process (the web process on the embedded setup, or `npm run worker`). */
  work: boolean;
  jobs: JobDefinition<never>[];
  log: QueueLogger;
  onError(error: unknown): void;
}

/** Where pg-boss keeps its tables. */
export const QUEUE_SCHEMA = 'pgboss';

const failedQueue = (name: string) => `${name}.failed`;

/** pg-boss's own reasons, in the words a user reads them in. */
const PLAIN_REASONS: Record<string, string> = {
  'job heartbeat timeout': 'the worker stopped before finishing',
  'job timed out': 'it took too long',
};

/** Why a job failed for the last time: its error's message, or pg-boss's reason for giving up. */
export function reasonOf(output: unknown): string {
  const record = (value: unknown): Record<string, unknown> | null =>
    value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  const top = record(output);
  const message = top?.message ?? record(top?.value)?.message;
  if (typeof message !== 'string' || message === '') return 'it stopped without finishing';
  return PLAIN_REASONS[message] ?? message;
}

/** Where an upgrade from pg-boss 10 sets that release's tables aside until their jobs are moved. */
export const OLD_QUEUE_SCHEMA = `${QUEUE_SCHEMA}_v10`;

/** The schema version pg-boss 10.4.2 left, the only one before pg-boss 12 this app ever ran on. */
const PG_BOSS_10_VERSION = 24;

/** The oldest schema version pg-boss 12 migrates from itself (its migrationStore). */
const OLDEST_MIGRATABLE_VERSION = 25;

export interface InstallQueueOptions {
  onError?: (error: unknown) => void;
  /** Says that an upgrade from pg-boss 10 moved jobs (console otherwise: `npm run restore`). */
  log?: Pick<QueueLogger, 'info'>;
  /** The process's jobs: moved jobs get their queue's settings (retries, dead letter) at once. */
  jobs?: JobDefinition<never>[];
}

const consoleLog: Pick<QueueLogger, 'info'> = {
  info: (details, message) => console.info(`${message} ${JSON.stringify(details)}`),
};

/**
 * Installs or upgrades pg-boss's tables (schema `pgboss`). Several processes starting at once on an
 * empty database: only one installs it, under the migration lock; the others wait and then find it
 * there. Also used by `npm run restore` before it puts queued jobs back.
 *
 * pg-boss 12 cannot migrate the tables pg-boss 10 made (the release before it), so those are set
 * aside first and their unfinished jobs moved into the new ones (`moveOldJobs`). Each step leaves a
 * state the next start recognises, so a crash between them is finished by the next start.
 */
export async function installQueueSchema(
  database: Pick<DatabaseHandle, 'driver' | 'withMigrationLock'>,
  options: InstallQueueOptions = {},
): Promise<void> {
  await database.withMigrationLock(async (locked) => {
    await setOldSchemaAside(locked);
    const installer = new PgBoss({
      db: locked,
      schema: QUEUE_SCHEMA,
      backend: database.driver,
      supervise: false,
      schedule: false,
      registerInstance: false,
    });
    installer.on('error', options.onError ?? (() => {}));
    await installer.start();
    try {
      await moveOldJobs(locked, installer, options.jobs ?? [], options.log ?? consoleLog);
    } finally {
      await installer.stop({ graceful: false });
    }
  });
}

/** One row's value of a single-value query. */
async function selectValue<T>(
  sql: SqlExecutor,
  text: string,
  values: unknown[] = [],
): Promise<T | undefined> {
  const { rows } = await sql.executeSql(text, values);
  return (rows[0] as { value?: T } | undefined)?.value;
}

/**
 * Renames pg-boss 10's schema to `pgboss_v10` (or `pgboss_v10_2`... when an earlier, unfinished
 * upgrade's copy is still there), leaving the name free for pg-boss 12. One statement: either done
 * or not. A version neither pg-boss 12 nor this upgrade knows stops the start before any change.
 */
async function setOldSchemaAside(sql: SqlExecutor): Promise<void> {
  const present = await selectValue<boolean>(
    sql,
    `select to_regclass('${QUEUE_SCHEMA}.version') is not null as value`,
  );
  if (!present) return;
  const version = Number(await selectValue(sql, `select max(version) as value from ${QUEUE_SCHEMA}.version`));
  if (!(version < OLDEST_MIGRATABLE_VERSION)) return;
  if (version !== PG_BOSS_10_VERSION) {
    throw new Error(
      `The job queue's tables (schema ${QUEUE_SCHEMA}) are at pg-boss schema version ${version}, which this release cannot upgrade: set them aside with psql "$DATABASE_URL" -c 'alter schema ${QUEUE_SCHEMA} rename to ${QUEUE_SCHEMA}_unknown' and start again (their jobs are not run).`,
    );
  }
  const aside = await oldSchemas(sql);
  let name = OLD_QUEUE_SCHEMA;
  for (let copy = 2; aside.includes(name); copy += 1) name = `${OLD_QUEUE_SCHEMA}_${copy}`;
  await sql.executeSql(`alter schema ${QUEUE_SCHEMA} rename to ${name}`, []);
}

/** pg-boss 10 schemas set aside and not yet emptied, oldest first. */
async function oldSchemas(sql: SqlExecutor): Promise<string[]> {
  const { rows } = await sql.executeSql(
    `select nspname as name from pg_namespace where nspname ~ $1 order by length(nspname), nspname`,
    [`^${OLD_QUEUE_SCHEMA}(_[0-9]+)?$`],
  );
  return rows.map((row) => (row as { name: string }).name);
}

/**
 * Moves the jobs pg-boss 10 had not finished (queued, waiting for a retry, or running when that
 * release stopped: a run cut short is run again) into pg-boss 12's queues with their id, data,
 * priority, start time and singleton key, then drops the old schema, in one transaction: a crash
 * leaves the old schema whole for the next start. Finished jobs (history) and schedules (each start
 * makes its own) are not moved.
 */
async function moveOldJobs(
  sql: SqlExecutor,
  boss: PgBoss,
  jobs: JobDefinition<never>[],
  log: Pick<QueueLogger, 'info'>,
): Promise<void> {
  for (const schema of await oldSchemas(sql)) {
    const from = await selectValue<number>(sql, `select max(version) as value from ${schema}.version`);
    const { rows } = await sql.executeSql(
      `select name, json_agg(json_build_object(
         'id', id,
         'data', coalesce(data, '{}'::jsonb),
         'priority', priority,
         'startAfter', case when state = 'active' then null else start_after end,
         'singletonKey', singleton_key
       ) order by created_on, id) as jobs
       from ${schema}.job where state in ('created', 'retry', 'active') group by name order by name`,
      [],
    );
    const waiting = rows as { name: string; jobs: JobInsert[] }[];
    for (const { name } of waiting) {
      const job = jobs.find((each) => each.name === name);
      if (job) await declareQueue(boss, job);
      else await boss.createQueue(name);
    }
    let moved = 0;
    await sql.executeSql('begin', []);
    try {
      for (const { name, jobs: inserts } of waiting)
        moved += (await boss.insert(name, inserts, { returnId: true }))?.length ?? 0;
      await sql.executeSql(`drop schema ${schema} cascade`, []);
      await sql.executeSql('commit', []);
    } catch (error) {
      await sql.executeSql('rollback', []).catch(() => {});
      throw error;
    }
    log.info(
      { from, moved },
      `job queue upgraded from pg-boss 10: moved ${moved} unfinished jobs into the new queue and dropped the old tables (schema ${schema})`,
    );
  }
}

/** A job's queue (and its dead letter queue) with the job's settings, made or brought up to date. */
async function declareQueue(boss: PgBoss, job: JobDefinition<never>): Promise<void> {
  const settings = { ...DEFAULT_JOB_SETTINGS, ...job.settings };
  const queue = {
    expireInSeconds: settings.expireInSeconds,
    retryLimit: settings.retryLimit,
    retryDelay: settings.retryDelaySeconds,
    retryBackoff: true,
    heartbeatSeconds: HEARTBEAT_SECONDS,
    ...(job.onFailed ? { deadLetter: failedQueue(job.name) } : {}),
  };
  if (job.onFailed) await boss.createQueue(failedQueue(job.name), { retryLimit: 5, retryBackoff: true });
  await boss.createQueue(job.name, queue);
  // Settings changed since the queue was first made (an upgrade) apply from now on.
  await boss.updateQueue(job.name, queue);
}

/** A queue made before its jobs are known: `send` works once `start` has run. */
export interface PendingQueue extends Queue {
  /** Starts pg-boss with the process's jobs (handlers and schedules only with `work`). */
  start(options: { work: boolean; jobs: JobDefinition<never>[] }): Promise<void>;
}

/**
 * pg-boss on whichever database is in use, through the same connection as the app. Made first and
 * handed to the modules (whose services send jobs while serving), then started with the jobs the
 * modules declared (server/modules/index.ts); nothing is sent before the process is started.
 */
export function createQueue(
  database: Pick<DatabaseHandle, 'driver' | 'sql' | 'withMigrationLock' | 'ping'>,
  options: Pick<QueueOptions, 'log' | 'onError'> & { outageCheckMs?: number },
): PendingQueue {
  let running: Queue | null = null;
  let closed = false;
  const outage = watchOutage({
    ping: () => database.ping(),
    log: options.log,
    checkEveryMs: options.outageCheckMs ?? OUTAGE_CHECK_MS,
    isClosed: () => closed,
  });
  const onError = (error: unknown) => {
    if (isDatabaseUnavailable(error)) outage.report(error);
    else options.onError(error);
  };
  const started = (): Queue => {
    if (!running) throw new Error('the job queue is not started yet');
    return running;
  };
  return {
    async start({ work, jobs }) {
      running = await startQueue(database, { log: options.log, onError, work, jobs });
    },
    send: (name, data, sendOptions) => started().send(name, data, sendOptions),
    waitFor: (name, id, timeoutMs) => started().waitFor(name, id, timeoutMs),
    counts: () => started().counts(),
    // Once: a process may stop taking jobs first and close the rest later.
    stop: async () => {
      if (closed) return;
      closed = true;
      outage.stop();
      await running?.stop();
    },
  };
}

/** How often a process checks whether the database is back once it found it gone. */
const OUTAGE_CHECK_MS = 5_000;

/**
 * The queue's pollers fail every few seconds while the database cannot be reached; instead of one
 * error line per failed poll, one line when it goes and one when it is back (checked with a ping
 * every few seconds), and the jobs carry on where they were.
 */
function watchOutage(deps: {
  ping: () => Promise<boolean>;
  log: QueueLogger;
  checkEveryMs: number;
  isClosed: () => boolean;
}) {
  let since: number | null = null;
  let timer: NodeJS.Timeout | null = null;
  const check = async () => {
    timer = null;
    if (deps.isClosed() || since === null) return;
    if (await deps.ping()) {
      deps.log.info({ downForMs: Date.now() - since }, 'database is back: jobs run again');
      since = null;
    } else {
      timer = setTimeout(check, deps.checkEveryMs);
      timer.unref();
    }
  };
  return {
    report(error: unknown) {
      if (since !== null || deps.isClosed()) return;
      since = Date.now();
      deps.log.error(
        { code: (error as { code?: string }).code },
        'database unavailable: jobs wait until it is back',
      );
      timer = setTimeout(check, deps.checkEveryMs);
      timer.unref();
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}

/** pg-boss on whichever database is in use, through the same connection as the app. */
export async function startQueue(
  database: Pick<DatabaseHandle, 'driver' | 'sql' | 'withMigrationLock'>,
  options: QueueOptions,
): Promise<Queue> {
  const { log } = options;
  const { sql } = database;
  const backend = database.driver;
  await installQueueSchema(database, { onError: options.onError, log, jobs: options.jobs });
  // Once stopped, a poll pg-boss still had scheduled finds nothing rather than reaching a database
  // that is being closed (an unhandled rejection inside pg-boss otherwise).
  let stopped = false;
  const boss = new PgBoss({
    db: {
      executeSql: (text, values) => (stopped ? Promise.resolve({ rows: [] }) : sql.executeSql(text, values)),
    },
    schema: QUEUE_SCHEMA,
    backend,
    migrate: false,
    supervise: options.work,
    superviseIntervalSeconds: SUPERVISE_SECONDS,
    monitorIntervalSeconds: SUPERVISE_SECONDS,
    schedule: options.work,
    registerInstance: false,
  });
  boss.on('error', options.onError);
  await boss.start();
  /** This process's worker of each job it runs, woken when this process queues that job. */
  const localWorkers = new Map<string, string>();
  for (const job of options.jobs) {
    await declareQueue(boss, job);
    if (!options.work) continue;
    const workerId = await boss.work(
      job.name,
      { pollingIntervalSeconds: job.pollSeconds ?? 2 },
      async (batch) => {
        for (const item of batch) {
          const started = performance.now();
          const details = { job: job.name, jobId: item.id, attempt: item.retryCount + 1 };
          log.info(details, 'job started');
          try {
            await job.handle(item.data as never);
          } catch (error) {
            const durationMs = Math.round(performance.now() - started);
            log.error({ ...details, durationMs, err: error }, 'job failed');
            throw error;
          }
          log.info({ ...details, durationMs: Math.round(performance.now() - started) }, 'job finished');
        }
      },
    );
    localWorkers.set(job.name, workerId);
    const onFailed = job.onFailed;
    if (onFailed) {
      await boss.work(
        failedQueue(job.name),
        { pollingIntervalSeconds: 2, includeMetadata: true },
        async (batch) => {
          for (const item of batch) {
            const reason = reasonOf(item.sourceOutput);
            log.error({ job: job.name, jobId: item.sourceId, reason }, 'job gave up after its retries');
            await onFailed(item.data as never, reason);
          }
        },
      );
    }
    if (job.cron) await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
    if (job.runOnStart) await boss.send(job.name, {});
  }
  return {
    async send(name, data, sendOptions) {
      if (sendOptions?.startAfter) return boss.send(name, data, { startAfter: sendOptions.startAfter });
      const id = await boss.send(name, data);
      // A job queued by the process that also runs it (the embedded setup) starts now rather than
      // at its worker's next poll; a separate worker process still finds it by polling.
      const workerId = localWorkers.get(name);
      if (workerId) boss.notifyWorker(workerId);
      return id;
    },
    async waitFor(name, id, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const [job] = await boss.findJobs(name, { id }).catch(() => []);
        if (job && ['completed', 'failed', 'cancelled'].includes(job.state)) return job.state;
        if (Date.now() > deadline) throw new Error(`job ${id} did not finish within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async counts() {
      const queues = await boss.getQueues();
      return queues.map((queue) => ({
        name: queue.name,
        queued: queue.queuedCount,
        active: queue.activeCount,
        failed: queue.failedCount,
        total: queue.totalCount,
      }));
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000 });
      stopped = true;
    },
  };
}
