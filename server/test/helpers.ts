import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type BuildAppOptions, buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { pgliteTemplate, postgresTemplate } from './database-template.ts';

/**
 * A fresh database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (created here, dropped by the returned cleanup),
 * copied from the run's migrated template when the global setup made one (database-template.ts).
 */
export async function freshDatabaseEnv(): Promise<{
  env: Record<string, string>;
  drop: () => Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { env: {}, drop: async () => {} };
  const name = `fp_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const template = postgresTemplate();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      // pg's Pool.end() resolves before its sockets have closed: wait until the server has seen
      // them go, so FORCE never kills a connection mid-close (an uncaught 57P01 in the test).
      const deadline = Date.now() + 5_000;
      for (;;) {
        const { rows } = await client.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (rows[0]?.n === 0 || Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

/** Builds the real app on a fresh database, with a throwaway DATA_DIR. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: BuildAppOptions = { runJobs: false },
): Promise<TestApp> {
  const database = await freshDatabaseEnv();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fp-test-'));
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'web'),
      ...database.env,
      ...env,
    },
    { ephemeral: true },
  );
  const template = pgliteTemplate();
  const app = await buildApp(config, template ? { pgliteTemplate: template, ...options } : options);
  await app.ready();
  return {
    app,
    config,
    async close() {
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A web build's shape (index.html, a hashed script, an icon) in a temp dir: WEB_DIST_DIR for tests. */
export function writeFakeWebBuild(): string {
  const dir = path.join(tmpdir(), `fp-web-${process.pid}-${Date.now()}`);
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Fanplace</title><div id="root"></div>');
  writeFileSync(
    path.join(dir, 'assets', 'main-abc123.js'),
    `console.log(${JSON.stringify('x'.repeat(5000))});`,
  );
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}
