import { readFile } from 'node:fs/promises';
import { PgBoss } from 'pg-boss';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { PROCESS_MEDIA } from '../jobs/process-media.ts';
import { PRUNE_USER_EVENTS } from '../jobs/prune-user-events.ts';
import { SWEEP_MEDIA_TEMP } from '../jobs/sweep-media-temp.ts';
import { pgliteTemplate } from '../test/database-template.ts';
import { freshDatabaseEnv } from '../test/helpers.ts';
import {
  installQueueSchema,
  type JobDefinition,
  OLD_QUEUE_SCHEMA,
  QUEUE_SCHEMA,
  type Queue,
  startQueue,
} from './queue.ts';

/** pg-boss 10.4.2's schema with jobs in every state, as the last release left it (scripts/make-pgboss10-fixture.ts). */
const FIXTURE = new URL('../test/fixtures/pgboss-10.sql', import.meta.url);

interface Line {
  message: string;
  details: Record<string, unknown>;
}

interface ReleaseDatabase {
  database: DatabaseHandle;
  /** The jobs the release had not finished: queued, waiting for a retry, or running. */
  waiting: { id: string; name: string; data: Record<string, unknown>; state: string }[];
  close(): Promise<void>;
}

const opened: ReleaseDatabase[] = [];

/** A database as the current code finds it after the last release ran on it: pgboss at version 24. */
async function releaseDatabase(): Promise<ReleaseDatabase> {
  const fresh = await freshDatabaseEnv();
  const config = loadConfig({ NODE_ENV: 'test', ...fresh.env }, { ephemeral: true });
  const template = pgliteTemplate();
  const database = await openDatabase(config, template ? { pgliteTemplate: template } : {});
  // The test template already holds the current queue's tables; the release's take their place.
  await database.sql.executeSql(`drop schema if exists ${QUEUE_SCHEMA} cascade`);
  await database.sql.executeSql(await readFile(FIXTURE, 'utf8'));
  const { rows } = await database.sql.executeSql(
    `select id, name, data, state::text as state from ${QUEUE_SCHEMA}.job
     where state in ('created', 'retry', 'active') order by name, created_on`,
  );
  const release: ReleaseDatabase = {
    database,
    waiting: rows as ReleaseDatabase['waiting'],
    async close() {
      await database.close();
      await fresh.drop();
    },
  };
  opened.push(release);
  return release;
}

afterEach(async () => {
  for (const release of opened.splice(0)) await release.close();
});

/** The release's jobs under their names today, each remembering what it was handed. */
function releaseJobs(handled: { name: string; data: unknown }[]): JobDefinition<never>[] {
  const job = (name: string): JobDefinition<never> => ({
    name,
    async handle(data) {
      handled.push({ name, data });
    },
  });
  return [
    { ...job(PROCESS_MEDIA), async onFailed() {} },
    job(SWEEP_MEDIA_TEMP),
    job(PRUNE_USER_EVENTS),
    job('prune-expired-sessions'),
  ];
}

function recorder() {
  const lines: Line[] = [];
  const errors: unknown[] = [];
  return {
    lines,
    errors,
    log: {
      info: (details: object, message: string) => lines.push({ message, details: { ...details } }),
      error: (details: object, message: string) => lines.push({ message, details: { ...details } }),
    },
    onError: (error: unknown) => errors.push(error),
  };
}

const upgraded = (lines: Line[]) => lines.filter((line) => line.message.startsWith('job queue upgraded'));

async function schemaExists(database: DatabaseHandle, name: string): Promise<boolean> {
  const { rows } = await database.sql.executeSql('select to_regnamespace($1) is not null as present', [name]);
  return (rows[0] as { present: boolean }).present;
}

/** What pg-boss 12's install alone makes, as a crash right after it would leave it. */
async function installFresh(database: DatabaseHandle): Promise<void> {
  const installer = new PgBoss({
    db: database.sql,
    schema: QUEUE_SCHEMA,
    backend: database.driver,
    supervise: false,
    schedule: false,
    registerInstance: false,
  });
  await installer.start();
  await installer.stop({ graceful: false });
}

describe('starting on a database the last release (pg-boss 10) made', () => {
  let queue: Queue | null = null;
  afterEach(async () => {
    await queue?.stop();
    queue = null;
  });

  it('moves the jobs it had not finished into the new queue and runs them', async () => {
    const { database, waiting } = await releaseDatabase();
    expect(waiting.map((job) => [job.name, job.state])).toEqual([
      [PROCESS_MEDIA, 'created'],
      [PROCESS_MEDIA, 'created'],
      [PRUNE_USER_EVENTS, 'retry'],
      [SWEEP_MEDIA_TEMP, 'active'],
    ]);
    const handled: { name: string; data: unknown }[] = [];
    const { lines, log, errors, onError } = recorder();
    queue = await startQueue(database, { work: true, log, onError, jobs: releaseJobs(handled) });

    for (const job of waiting) expect(await queue.waitFor(job.name, job.id, 20_000)).toBe('completed');
    expect(handled).toEqual(
      expect.arrayContaining(waiting.map((job) => ({ name: job.name, data: job.data }))),
    );
    expect(handled.filter((entry) => entry.name === PROCESS_MEDIA)).toHaveLength(2);
    expect(upgraded(lines)).toEqual([
      { message: expect.stringContaining('moved 4 unfinished jobs'), details: { from: 24, moved: 4 } },
    ]);
    // Finished jobs were history, not work: only the four moved ones are there.
    const { rows } = await database.sql.executeSql(
      `select name, singleton_key, dead_letter from ${QUEUE_SCHEMA}.job where name not like '%.failed' order by name, created_on`,
    );
    expect(rows).toEqual([
      { name: PROCESS_MEDIA, singleton_key: null, dead_letter: `${PROCESS_MEDIA}.failed` },
      { name: PROCESS_MEDIA, singleton_key: 'fixture-media-2', dead_letter: `${PROCESS_MEDIA}.failed` },
      { name: PRUNE_USER_EVENTS, singleton_key: null, dead_letter: null },
      { name: SWEEP_MEDIA_TEMP, singleton_key: null, dead_letter: null },
    ]);
    expect(await schemaExists(database, OLD_QUEUE_SCHEMA)).toBe(false);
    expect(errors).toEqual([]);
  }, 60_000);

  it.each([
    ['after setting the old schema aside', async () => {}],
    ['after installing the new schema too', installFresh],
  ])('finishes an upgrade that stopped %s', async (_, crashedAt) => {
    const { database, waiting } = await releaseDatabase();
    await database.sql.executeSql(`alter schema ${QUEUE_SCHEMA} rename to ${OLD_QUEUE_SCHEMA}`);
    await crashedAt(database);
    const { lines, log, errors, onError } = recorder();
    await installQueueSchema(database, { log, onError, jobs: releaseJobs([]) });
    expect(upgraded(lines).map((line) => line.details)).toEqual([{ from: 24, moved: 4 }]);
    const { rows } = await database.sql.executeSql(`select id from ${QUEUE_SCHEMA}.job order by id`);
    expect(rows.map((row) => (row as { id: string }).id)).toEqual(waiting.map((job) => job.id).sort());
    expect(await schemaExists(database, OLD_QUEUE_SCHEMA)).toBe(false);
    // Starting again finds nothing left to do.
    await installQueueSchema(database, { log, onError });
    expect(upgraded(lines)).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  // The embedded database has one process by design (pglite-lock.ts); on PostgreSQL each install
  // below holds its own connection, as two processes would.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'moves the jobs once when two processes start at once',
    async () => {
      const { database, waiting } = await releaseDatabase();
      const { lines, log, errors, onError } = recorder();
      await Promise.all([
        installQueueSchema(database, { log, onError }),
        installQueueSchema(database, { log, onError }),
      ]);
      expect(upgraded(lines).map((line) => line.details)).toEqual([{ from: 24, moved: waiting.length }]);
      expect(errors).toEqual([]);
    },
  );

  it('leaves the old jobs where they were when moving them fails, and moves them on the next start', async () => {
    const { database, waiting } = await releaseDatabase();
    const { lines, log, errors, onError } = recorder();
    await database.sql.executeSql(`alter schema ${QUEUE_SCHEMA} rename to ${OLD_QUEUE_SCHEMA}`);
    await installFresh(database);
    // The last queue's insert fails, after the others went in.
    await database.sql.executeSql(`
      create function public.refuse_sweep() returns trigger language plpgsql as $$
        begin raise exception 'the disk is full'; end $$;
      create trigger refuse_sweep before insert on ${QUEUE_SCHEMA}.job
        for each row when (new.name = '${SWEEP_MEDIA_TEMP}') execute function public.refuse_sweep();
    `);
    await expect(installQueueSchema(database, { log, onError })).rejects.toThrow('the disk is full');
    const { rows: moved } = await database.sql.executeSql(`select id from ${QUEUE_SCHEMA}.job`);
    expect(moved).toEqual([]);
    const { rows: kept } = await database.sql.executeSql(
      `select count(*)::int as count from ${OLD_QUEUE_SCHEMA}.job where state in ('created', 'retry', 'active')`,
    );
    expect(kept).toEqual([{ count: waiting.length }]);

    await database.sql.executeSql(`drop trigger refuse_sweep on ${QUEUE_SCHEMA}.job`);
    await installQueueSchema(database, { log, onError });
    expect(upgraded(lines).map((line) => line.details)).toEqual([{ from: 24, moved: waiting.length }]);
    expect(await schemaExists(database, OLD_QUEUE_SCHEMA)).toBe(false);
    expect(errors).toEqual([]);
  });

  it('moves the jobs of both when the release ran again on a half-done upgrade', async () => {
    const { database, waiting } = await releaseDatabase();
    await database.sql.executeSql(`alter schema ${QUEUE_SCHEMA} rename to ${OLD_QUEUE_SCHEMA}`);
    // The release, started again, made its tables anew and queued jobs of its own.
    await database.sql.executeSql(await readFile(FIXTURE, 'utf8'));
    await database.sql.executeSql(`update ${QUEUE_SCHEMA}.job set id = gen_random_uuid()`);
    const { lines, log, errors, onError } = recorder();
    await installQueueSchema(database, { log, onError, jobs: releaseJobs([]) });
    expect(upgraded(lines).map((line) => line.details)).toEqual([
      { from: 24, moved: waiting.length },
      { from: 24, moved: waiting.length },
    ]);
    const { rows } = await database.sql.executeSql(`select count(*)::int as count from ${QUEUE_SCHEMA}.job`);
    expect(rows).toEqual([{ count: 2 * waiting.length }]);
    const { rows: left } = await database.sql.executeSql(
      `select nspname from pg_namespace where nspname like '${OLD_QUEUE_SCHEMA}%'`,
    );
    expect(left).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('stops before changing anything on tables of a pg-boss it does not know', async () => {
    const { database } = await releaseDatabase();
    await database.sql.executeSql(`update ${QUEUE_SCHEMA}.version set version = 21`);
    await expect(installQueueSchema(database)).rejects.toThrow(
      `at pg-boss schema version 21, which this release cannot upgrade: set them aside with psql "$DATABASE_URL" -c 'alter schema pgboss rename to pgboss_unknown' and start again`,
    );
    const { rows } = await database.sql.executeSql(`select version from ${QUEUE_SCHEMA}.version`);
    expect(rows).toEqual([{ version: 21 }]);
    expect(await schemaExists(database, OLD_QUEUE_SCHEMA)).toBe(false);
  });
});
