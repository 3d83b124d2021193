import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface BenchDatabase {
  driver: 'pglite' | 'postgres';
  /** What to print: which database the figures come from. */
  label: string;
  /** Environment for loadConfig (DATABASE_URL, or nothing for the embedded database). */
  env: Record<string, string>;
  drop(): Promise<void>;
}

/**
 * With a server URL: a throwaway database on that server (a million bench rows never land in the
 * database the URL names), dropped at the end. Without: the embedded PGlite of the app's DATA_DIR.
 */
export async function openBenchDatabase(serverUrl: string | undefined): Promise<BenchDatabase> {
  if (!serverUrl) {
    return { driver: 'pglite', label: 'embedded PGlite (temp DATA_DIR)', env: {}, drop: async () => {} };
  }
  const name = `fp_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    driver: 'postgres',
    label: `PostgreSQL ${url.hostname}:${url.port || '5432'} (throwaway database ${name})`,
    env: { DATABASE_URL: url.toString() },
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
