/**
 * Regenerates server/test/fixtures/pgboss-10.sql: the job queue's schema as the last release on
 * pg-boss 10.4.2 (schema version 24) left it, with a few jobs of the app's names in each state, for
 * server/adapters/queue-upgrade.test.ts. Run by hand, never in CI; pg-boss 10 stays out of the
 * project's dependencies:
 *
 *   mkdir /tmp/pgb10 && cd /tmp/pgb10 && npm init -y && npm i pg-boss@10.4.2
 *   PGBOSS10_DIR=/tmp/pgb10 TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \
 *     node scripts/make-pgboss10-fixture.ts
 *
 * It makes a scratch database on that server, lets the real pg-boss 10 install its schema and queue
 * the jobs there the way that release did (a queue per job, the cron schedules), dumps schema
 * `pgboss` with pg_dump (as plain INSERTs, without the session settings a pooled connection would
 * keep, nor psql's commands) and drops the scratch database.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/** The part of pg-boss 10's API this script uses. */
interface PgBoss10 {
  on(event: 'error', listener: (error: unknown) => void): void;
  start(): Promise<unknown>;
  stop(options: { graceful: boolean; wait: boolean }): Promise<void>;
  createQueue(name: string): Promise<void>;
  schedule(name: string, cron: string, data: object, options: object): Promise<void>;
  send(name: string, data: object, options?: object): Promise<string | null>;
  fetch(name: string): Promise<{ id: string }[]>;
  fail(name: string, id: string, output: object): Promise<unknown>;
  complete(name: string, id: string): Promise<unknown>;
}

const output = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../server/test/fixtures/pgboss-10.sql',
);

/** The last release's jobs and their schedules (git show 36f0637:server/jobs/). */
const RELEASE_JOBS: { name: string; cron?: string }[] = [
  { name: 'creator-subscriptions', cron: '*/5 * * * *' },
  { name: 'process-media' },
  { name: 'prune-expired-sessions', cron: '17 * * * *' },
  { name: 'prune-user-events', cron: '29 * * * *' },
  { name: 'subscription-lifecycle', cron: '*/10 * * * *' },
  { name: 'sweep-media-temp', cron: '41 * * * *' },
];

async function main(): Promise<void> {
  const packageDir = process.env.PGBOSS10_DIR;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!packageDir || !serverUrl) throw new Error('set PGBOSS10_DIR and TEST_DATABASE_URL (see the header)');
  const load = createRequire(path.join(path.resolve(packageDir), 'package.json'));
  const version = (load('pg-boss/package.json') as { version: string }).version;
  if (version !== '10.4.2') throw new Error(`${packageDir} has pg-boss ${version}, not 10.4.2`);
  const PgBoss = load('pg-boss') as new (options: object) => PgBoss10;

  const name = `fp_pgboss10_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    const boss = new PgBoss({ connectionString: url.toString(), schema: 'pgboss', supervise: false });
    boss.on('error', (error) => console.error(error));
    await boss.start();
    for (const job of RELEASE_JOBS) {
      await boss.createQueue(job.name);
      if (job.cron) await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
    }
    // Done or given up (first, so the fetches below take the right jobs): history, not work.
    await boss.send('prune-expired-sessions', {});
    const [done] = await boss.fetch('prune-expired-sessions');
    if (done) await boss.complete('prune-expired-sessions', done.id);
    await boss.send('process-media', { mediaId: 'fixture-media-gone' }, { retryLimit: 0 });
    const [failed] = await boss.fetch('process-media');
    if (failed) await boss.fail('process-media', failed.id, { message: 'ffprobe could not read it' });
    // Waiting: two media uploads (one with a singleton key).
    await boss.send('process-media', { mediaId: 'fixture-media-1' });
    await boss.send('process-media', { mediaId: 'fixture-media-2' }, { singletonKey: 'fixture-media-2' });
    // Running when the release was stopped: a run cut short.
    await boss.send('sweep-media-temp', {});
    await boss.fetch('sweep-media-temp');
    // Failed once, waiting for its retry.
    await boss.send('prune-user-events', {});
    const [retried] = await boss.fetch('prune-user-events');
    if (retried) await boss.fail('prune-user-events', retried.id, { message: 'the database was busy' });
    await boss.stop({ graceful: false, wait: true });

    const dump = execFileSync(
      'pg_dump',
      ['--schema=pgboss', '--inserts', '--no-owner', '--no-privileges', url.toString()],
      { encoding: 'utf8' },
    );
    const header = [
      '-- The job queue as the last release on pg-boss 10.4.2 left it (schema version 24).',
      '-- Made by scripts/make-pgboss10-fixture.ts; regenerate it there, do not edit by hand.',
      '',
    ];
    // Session settings (search_path above all) would outlive the load on a pooled connection, and
    // psql's own commands (\restrict) are not SQL.
    const body = dump
      .split('\n')
      .filter((line) => !/^SET |^SELECT pg_catalog\.set_config\(|^\\/.test(line))
      .join('\n');
    writeFileSync(output, `${header.join('\n')}${body}`);
    console.info(`wrote ${path.relative(process.cwd(), output)} (pg-boss ${version})`);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

await main();
