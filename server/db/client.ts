import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type Config, ConfigError } from '../config.ts';
import { acquireDirectoryLock } from './pglite-lock.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** The raw SQL door pg-boss needs; both drivers provide it. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface DatabaseHandle {
  driver: 'pglite' | 'postgres';
  db: Database;
  sql: SqlExecutor;
  ping(): Promise<boolean>;
  /**
   * Runs `run` holding the lock the migrations run under (one process at a time on PostgreSQL),
   * on that lock's own connection: what else installs tables at start (pg-boss) goes in it too.
   */
  withMigrationLock<T>(run: (sql: SqlExecutor) => Promise<T>): Promise<T>;
  /** PostgreSQL pool use (metrics); null on the embedded database. */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Any constant works; it only has to be the same in every process sharing one PostgreSQL. */
const MIGRATION_LOCK_KEY = 7_241_851;

/** Typo-tolerant creator search uses trigrams (the migrations create the extension). */
const pgliteOptions = { extensions: { pg_trgm } };

/**
 * `dir` null: an in-memory database, started from `template` (a data directory archive that
 * `writePgliteTemplate` made) when one is given. Starting from an archive skips PGlite's initdb,
 * the larger part of an empty database's start; the migrations still run (and find nothing to do).
 */
async function openPglite(dir: string | null, template?: string): Promise<DatabaseHandle> {
  const release = dir ? acquireDirectoryLock(dir) : () => {};
  try {
    const client = dir
      ? await PGlite.create(dir, pgliteOptions)
      : await PGlite.create({
          ...pgliteOptions,
          ...(template ? { loadDataDir: new Blob([await readFile(template)]) } : {}),
        });
    return await pgliteHandle(client, release);
  } catch (error) {
    release();
    throw error;
  }
}

/** Migrates an open PGlite and wraps it as the app's handle. */
async function pgliteHandle(client: PGlite, release: () => void): Promise<DatabaseHandle> {
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  await migratePglite(db, { migrationsFolder });
  let closed = false;
  const executor: SqlExecutor = {
    async executeSql(text, values) {
      // PGlite's extended protocol takes one statement; pg-boss sends multi-statement scripts without
      // values, and wants the rows of every statement in them.
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        return { rows: results.flatMap((result) => result.rows) };
      }
      return client.query(text, values);
    },
  };
  return {
    driver: 'pglite',
    db,
    sql: executor,
    // One process owns the directory (pglite-lock.ts): there is no one to wait for.
    withMigrationLock: (run) => run(executor),
    poolStats: () => null,
    async ping() {
      if (closed) return false;
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
      release();
    },
  };
}

/**
 * Writes an archive of a migrated in-memory database to `file`, after `prepare` (what else the app
 * installs at start, such as the job queue's tables) ran on it. Test runs make one and start every
 * test's database from it (`openDatabase`'s `pgliteTemplate`).
 */
export async function writePgliteTemplate(
  file: string,
  prepare: (handle: DatabaseHandle) => Promise<void>,
): Promise<void> {
  const client = await PGlite.create(pgliteOptions);
  try {
    await prepare(await pgliteHandle(client, () => {}));
    const archive = await client.dumpDataDir('none');
    await writeFile(file, Buffer.from(await archive.arrayBuffer()));
  } finally {
    await client.close();
  }
}

/** A multi-statement query answers one result per statement; pg-boss wants all their rows. */
function allRows(result: pg.QueryResult | pg.QueryResult[]): { rows: unknown[] } {
  return Array.isArray(result) ? { rows: result.flatMap((each) => each.rows) } : result;
}

/** A dropped connection's error as its message and PostgreSQL code, without the pg client attached. */
export function connectionError(error: Error & { code?: string }): Error & { code?: string } {
  const plain: Error & { code?: string } = new Error(error.message);
  if (error.code) plain.code = error.code;
  return plain;
}

/** Error codes of a database that cannot be reached now (network, server starting or stopping, full). */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
/** The pg client's own words for a connection that went away or never came. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection refused',
];

/**
 * Whether an error means the database cannot be reached right now (rather than a bad query): the
 * request is answered 503 with a retry hint, and the job queue waits for it quietly. Looks through
 * the causes the query builder wraps errors in.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  // pg-boss reports a worker's failure as a plain object with the error's message, not an Error.
  let current: unknown = error;
  for (let depth = 0; current !== null && typeof current === 'object' && depth < 5; depth += 1) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((words) => message.includes(words)))
      return true;
    current = cause;
  }
  return false;
}

/**
 * A first connection that fails for a reason an operator fixes in DATABASE_URL or on the server, in
 * one line naming the variable (never the password); null for anything else.
 */
export function describeConnectFailure(url: string, error: Error & { code?: string }): string | null {
  let where = 'the DATABASE_URL server';
  let name = '';
  try {
    const parsed = new URL(url);
    where = `${parsed.hostname}:${parsed.port || '5432'}`;
    name = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  } catch {
    return 'DATABASE_URL is not a URL: expected postgres://user:password@host:5432/database';
  }
  switch (error.code) {
    case 'ECONNREFUSED':
      return `DATABASE_URL: nothing answers at ${where} (connection refused). Start PostgreSQL there, or fix DATABASE_URL.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `DATABASE_URL: the host of ${where} is not known. Fix the host name in DATABASE_URL.`;
    case 'ETIMEDOUT':
      return `DATABASE_URL: ${where} did not answer in time. Check that PostgreSQL runs there and a firewall lets you in.`;
    case '3D000':
      return `DATABASE_URL: the database "${name}" does not exist on ${where}. Create it (createdb ${name}) or fix DATABASE_URL.`;
    case '28P01':
    case '28000':
      return `DATABASE_URL: ${where} refused the user name or password. Fix the credentials in DATABASE_URL.`;
    default:
      return null;
  }
}

async function openPostgres(url: string, onError: (error: Error) => void): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection dropped by the server (restart, failover) must not crash the process:
  // the pool replaces it on the next query.
  // The pool's error carries the pg client (connection parameters, buffers): pass on only what an
  // operator reads, so a log line stays one line and never holds connection details.
  pool.on('error', (error) => onError(connectionError(error)));
  const db = drizzlePg(pool, { schema, casing: 'snake_case' });
  async function underLock<T>(run: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const lockClient = await pool.connect();
    try {
      await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      return await run(lockClient);
    } finally {
      await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
      lockClient.release();
    }
  }
  try {
    await underLock((lockClient) => migratePg(drizzlePg(lockClient, { schema }), { migrationsFolder }));
  } catch (error) {
    await pool.end().catch(() => {});
    const plain = describeConnectFailure(url, error as Error & { code?: string });
    throw plain ? new ConfigError(plain) : error;
  }
  let closed = false;
  return {
    driver: 'postgres',
    db,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    withMigrationLock: (run) =>
      underLock((lockClient) =>
        run({ executeSql: async (text, values) => allRows(await lockClient.query(text, values)) }),
      ),
    sql: {
      async executeSql(text, values) {
        return allRows(await pool.query(text, values));
      },
    },
    async ping() {
      if (closed) return false;
      try {
        await db.execute(sql`select 1`);
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

export interface OpenDatabaseOptions {
  /** Errors of idle pooled connections (PostgreSQL); logged by the caller. */
  onError?: (error: Error) => void;
  /** In-memory PGlite only: start from this archive of a migrated database (`writePgliteTemplate`). */
  pgliteTemplate?: string;
}

/** Opens the configured database and brings its schema up to date. */
export function openDatabase(
  config: Pick<Config, 'database'>,
  options: OpenDatabaseOptions = {},
): Promise<DatabaseHandle> {
  return config.database.driver === 'postgres'
    ? openPostgres(config.database.url, options.onError ?? (() => {}))
    : openPglite(config.database.dir, options.pgliteTemplate);
}
