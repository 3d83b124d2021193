import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQueue } from '../adapters/queue.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { freshDatabaseEnv } from '../test/helpers.ts';
import { until } from '../test/processes.ts';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy.ts';
import { openDatabase } from './client.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('a PostgreSQL outage', () => {
  let proxy: TcpProxy;
  let drop: () => Promise<void>;
  let dataDir: string;
  let config: ReturnType<typeof loadConfig>;

  beforeAll(async () => {
    const database = await freshDatabaseEnv();
    drop = database.drop;
    const direct = new URL(database.env.DATABASE_URL ?? '');
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const proxied = new URL(direct);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    dataDir = mkdtempSync(path.join(tmpdir(), 'fp-outage-'));
    config = loadConfig(
      {
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        WEB_DIST_DIR: path.join(dataDir, 'web'),
        DATABASE_URL: proxied.toString(),
      },
      { ephemeral: true },
    );
  });
  afterAll(async () => {
    await proxy?.close();
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 with a retry hint while the database is gone, and serves again once it is back', async () => {
    // Discover from the database every time (a visitor's page is otherwise served from memory).
    const app: FastifyInstance = await buildApp(config, { runJobs: false, anonymousDiscoverCache: false });
    try {
      const discover = () => app.inject({ method: 'GET', url: '/api/discover' });
      expect((await discover()).statusCode).toBe(200);
      await proxy.cut();
      const down = await discover();
      expect(down.statusCode).toBe(503);
      expect(down.headers['retry-after']).toBe('5');
      expect(down.json()).toEqual({
        message: 'Fanplace is briefly unavailable. Please try again in a moment.',
        code: 'NOT_READY',
        retryAfterSeconds: 5,
      });
      // Signing in (reads and writes) fails the same way, never as a 500.
      const signin = await app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email: 'outage@example.com', password: 'not the password' },
      });
      expect(signin.statusCode).toBe(503);
      await proxy.restore();
      await until(async () => (await discover()).statusCode === 200, 'the app to serve again');
    } finally {
      await proxy.restore().catch(() => {});
      await app.close();
    }
  }, 60_000);

  it('lets the job queue say once that the database went, and once that it is back', async () => {
    const database = await openDatabase(config);
    const lines: { level: 'info' | 'error'; message: string }[] = [];
    const log = {
      info: (_details: object, message: string) => lines.push({ level: 'info', message }),
      error: (_details: object, message: string) => lines.push({ level: 'error', message }),
    };
    const errors: unknown[] = [];
    const queue = createQueue(database, { log, onError: (error) => errors.push(error), outageCheckMs: 200 });
    try {
      await queue.start({ work: true, jobs: [{ name: 'outage-probe', handle: async () => {} }] });
      await proxy.cut();
      await until(
        () => lines.some((line) => line.message.startsWith('database unavailable')),
        'the outage line',
      );
      // The pollers keep trying through the outage (each try is a connection the proxy refuses)...
      const before = proxy.attempts();
      await until(() => proxy.attempts() >= before + 3, 'more polls during the outage');
      await proxy.restore();
      await until(
        () => lines.some((line) => line.message.startsWith('database is back')),
        'the line saying it is back',
      );
      // ...and all of that made one line going down and one coming back, and no error besides.
      expect(lines.filter((line) => line.level === 'error').map((line) => line.message)).toEqual([
        'database unavailable: jobs wait until it is back',
      ]);
      expect(errors).toEqual([]);
      // The queue works again.
      const id = await queue.send('outage-probe', {});
      expect(await queue.waitFor('outage-probe', id ?? '', 30_000)).toBe('completed');
    } finally {
      await proxy.restore().catch(() => {});
      await queue.stop();
      await database.close();
    }
  }, 90_000);
});
