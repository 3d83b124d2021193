import PgBoss from 'pg-boss';
import type { SqlExecutor } from '../db/client.ts';

export interface JobDefinition<Data extends object = Record<string, never>> {
  name: string;
  /** Cron expression (UTC) when the job also runs on a schedule. */
  cron?: string;
  handle(data: Data): Promise<void>;
}

export interface Queue {
  send<Data extends object>(name: string, data: Data): Promise<string | null>;
  /** Waits for a job to leave the queue (tests and scripts); resolves with its final state. */
  waitFor(name: string, id: string, timeoutMs?: number): Promise<string>;
  stop(): Promise<void>;
}

export interface QueueOptions {
  /** Register handlers and schedules in this process (the web process on the embedded setup, or `npm run worker`). */
  work: boolean;
  jobs: JobDefinition<never>[];
  onError(error: unknown): void;
}

/** pg-boss on whichever database is in use, through the same connection as the app. */
export async function startQueue(sql: SqlExecutor, options: QueueOptions): Promise<Queue> {
  // Once stopped, a poll pg-boss still had scheduled finds nothing rather than reaching a database
  // that is being closed (an unhandled rejection inside pg-boss otherwise).
  let stopped = false;
  const boss = new PgBoss({
    db: {
      executeSql: (text, values) => (stopped ? Promise.resolve({ rows: [] }) : sql.executeSql(text, values)),
    },
    schema: 'pgboss',
    supervise: options.work,
    schedule: options.work,
  });
  boss.on('error', options.onError);
  await boss.start();
  for (const job of options.jobs) {
    await boss.createQueue(job.name);
    if (!options.work) continue;
    await boss.work(job.name, { pollingIntervalSeconds: 2 }, async (batch) => {
      for (const item of batch) await job.handle(item.data as never);
    });
    if (job.cron) await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
  }
  return {
    send: (name, data) => boss.send(name, data),
    async waitFor(name, id, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const job = await boss.getJobById(name, id, { includeArchive: true }).catch(() => null);
        if (job && ['completed', 'failed', 'cancelled'].includes(job.state)) return job.state;
        if (Date.now() > deadline) throw new Error(`job ${id} did not finish within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      stopped = true;
    },
  };
}
