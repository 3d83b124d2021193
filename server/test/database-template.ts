/**
 * The server tests' global setup: one migrated database per run, which every test file's fresh
 * database is copied from instead of being made and migrated again (decision 0036).
 *
 * - PGlite (the default): an archive of a migrated in-memory data directory, loaded by each test
 *   app's in-memory database (`pgliteTemplate`), which skips PGlite's initdb.
 * - PostgreSQL (TEST_DATABASE_URL): a migrated database that `freshDatabaseEnv` names as the
 *   TEMPLATE of each `create database`.
 *
 * Both also hold the job queue's tables. The app still runs its migrations and the queue's install
 * on every start: on a copy of the template they find nothing to do, so a template that falls
 * behind the migrations makes tests slower, never wrong.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { installQueueSchema } from '../adapters/queue.ts';
import { openDatabase, writePgliteTemplate } from '../db/client.ts';

/** Set by the global setup; read by `createTestApp` and `freshDatabaseEnv` in the test workers. */
export const PGLITE_TEMPLATE_VARIABLE = 'FANPLACE_TEST_PGLITE_TEMPLATE';
export const POSTGRES_TEMPLATE_VARIABLE = 'FANPLACE_TEST_POSTGRES_TEMPLATE';

export const pgliteTemplate = (): string | undefined => process.env[PGLITE_TEMPLATE_VARIABLE] || undefined;
export const postgresTemplate = (): string | undefined =>
  process.env[POSTGRES_TEMPLATE_VARIABLE] || undefined;

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer<T>(serverUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Vitest global setup: makes the template and returns its removal. */
export default async function setup(): Promise<() => Promise<void>> {
  // Both server test projects name this setup; the first one's template serves the run.
  if (pgliteTemplate() || postgresTemplate()) return async () => {};
  const started = performance.now();
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dir = mkdtempSync(path.join(tmpdir(), 'fp-template-'));
    const file = path.join(dir, 'pglite.tar');
    await writePgliteTemplate(file, (handle) => installQueueSchema(handle));
    process.env[PGLITE_TEMPLATE_VARIABLE] = file;
    console.info(`Test database template (PGlite) made in ${Math.round(performance.now() - started)} ms`);
    return async () => {
      delete process.env[PGLITE_TEMPLATE_VARIABLE];
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const name = `fp_template_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, (client) => client.query(`create database ${name}`));
  const handle = await openDatabase({ database: { driver: 'postgres', url: databaseUrl(serverUrl, name) } });
  try {
    await installQueueSchema(handle);
  } finally {
    await handle.close();
  }
  process.env[POSTGRES_TEMPLATE_VARIABLE] = name;
  console.info(`Test database template (PostgreSQL) made in ${Math.round(performance.now() - started)} ms`);
  return async () => {
    delete process.env[POSTGRES_TEMPLATE_VARIABLE];
    await onServer(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
  };
}
