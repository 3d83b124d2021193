import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabaseEnv } from '../test/helpers.ts';
import { openDatabase } from './client.ts';
import { DatabaseLockedError } from './pglite-lock.ts';
import { users } from './schema/index.ts';

const journal = JSON.parse(
  readFileSync(new URL('./migrations/meta/_journal.json', import.meta.url), 'utf8'),
) as { entries: unknown[] };

describe('embedded database on disk', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fp-db-'));
  const dir = path.join(dataDir, 'db');
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps data across a close and a reopen, and applies migrations once', async () => {
    const first = await openDatabase({ database: { driver: 'pglite', dir } });
    await first.db.insert(users).values({ email: 'keep@example.com', firstName: 'Kee', lastName: 'P' });
    await first.close();

    const second = await openDatabase({ database: { driver: 'pglite', dir } });
    const rows = await second.db.select().from(users).where(eq(users.email, 'keep@example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.firstName).toBe('Kee');
    const migrations = await second.sql.executeSql(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    expect(migrations.rows).toEqual([{ n: journal.entries.length }]);
    await second.close();
  });

  it('refuses a second opener of the same directory with a clear message', async () => {
    const owner = await openDatabase({ database: { driver: 'pglite', dir } });
    try {
      const attempt = openDatabase({ database: { driver: 'pglite', dir } });
      await expect(attempt).rejects.toBeInstanceOf(DatabaseLockedError);
      await expect(openDatabase({ database: { driver: 'pglite', dir } })).rejects.toThrow(/is already open/);
    } finally {
      await owner.close();
    }
    const again = await openDatabase({ database: { driver: 'pglite', dir } });
    expect(await again.ping()).toBe(true);
    await again.close();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL connections dropped by the server', () => {
  it('reports the loss as a message and a code, without the pg client and its connection details', async () => {
    const database = await freshDatabaseEnv();
    const url = database.env.DATABASE_URL ?? '';
    let reported: (error: Error) => void = () => {};
    const lost = new Promise<Error>((resolve) => {
      reported = resolve;
    });
    const handle = await openDatabase({ database: { driver: 'postgres', url } }, { onError: reported });
    try {
      // An idle pooled connection, then the server ends it (as a restart or failover would).
      expect(await handle.ping()).toBe(true);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [new URL(url).pathname.slice(1)],
      );
      await admin.end();
      const error = await lost;
      expect(error.message).toMatch(/terminat/);
      expect((error as Error & { code?: string }).code).toBe('57P01');
      expect(Object.keys(error)).toEqual(['code']);
      expect(JSON.stringify(error).length).toBeLessThan(100);
      expect(await handle.ping()).toBe(true);
    } finally {
      await handle.close();
      await database.drop();
    }
  });
});
