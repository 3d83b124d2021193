import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventPayload } from '../../../common/events.ts';
import { freshDatabaseEnv } from '../../test/helpers.ts';
import { verifiedAccountOver } from '../../test/http-accounts.ts';
import { startServer, until } from '../../test/processes.ts';
import { freePort, startRedis, stopRedis } from '../../test/redis-server.ts';
import { type SmtpCapture, startSmtpCapture } from '../../test/smtp-capture.ts';
import { openEventStream } from '../../test/sse.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;

/** Two server processes on one PostgreSQL and a Redis of the test's own, which it stops. */
describe.skipIf(!databaseUrl)('event streams while Redis is away', () => {
  const servers: ChildProcess[] = [];
  const dataDirs: string[] = [];
  let redis: ChildProcess | null = null;
  let redisPort = 0;
  let smtp: SmtpCapture;
  let drop: () => Promise<void>;
  const urls: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    redisPort = await freePort();
    redis = await startRedis(redisPort);
    const database = await freshDatabaseEnv();
    drop = database.drop;
    const shared = {
      ...database.env,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      APP_SECRET: randomBytes(32).toString('hex'),
      SMTP_URL: smtp.url,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: '0',
      SEED_DEMO: 'false',
    };
    for (const runJobs of ['true', 'false']) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'fp-redis-away-'));
      dataDirs.push(dataDir);
      const { child, url } = await startServer({ ...shared, DATA_DIR: dataDir, RUN_JOBS: runJobs });
      servers.push(child);
      urls.push(url);
    }
  }, 120_000);

  afterAll(async () => {
    await Promise.all(
      servers.map(
        (child) =>
          new Promise((resolve) => {
            if (child.exitCode !== null) return resolve(null);
            child.once('exit', resolve);
            child.kill('SIGTERM');
          }),
      ),
    );
    if (redis) await stopRedis(redis);
    await smtp?.close();
    await drop?.();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  const account = (base: string, firstName: string) => verifiedAccountOver(base, smtp, firstName);

  it('delivers all 30 messages sent through one process during the outage to a stream held by the other', async () => {
    const [first, second] = urls as [string, string];
    const sender = await account(first, 'Sender');
    const reader = await account(second, 'Reader');
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${sender.token}` };
    const conversation = (await (
      await fetch(`${first}/api/conversations`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ userId: reader.user.id }),
      })
    ).json()) as { id: string };
    // A second sender for after the outage (the first one has used up its 30 messages a minute).
    const later = await account(first, 'Later');
    const laterHeaders = { 'content-type': 'application/json', authorization: `Bearer ${later.token}` };
    const laterConversation = (await (
      await fetch(`${first}/api/conversations`, {
        method: 'POST',
        headers: laterHeaders,
        body: JSON.stringify({ userId: reader.user.id }),
      })
    ).json()) as { id: string };
    const stream = await openEventStream(second, reader.token);
    await stream.waitFor((event) => event.event === 'ready');

    if (redis) await stopRedis(redis);
    redis = null;
    // Both processes have noticed: readiness says Redis is degraded.
    for (const base of [first, second]) {
      await until(
        async () => {
          const ready = (await (await fetch(`${base}/api/ready`)).json()) as { redis?: string };
          return ready.redis !== undefined && ready.redis !== 'up';
        },
        `${base} to notice Redis going away`,
        30_000,
      );
    }

    const texts = Array.from({ length: 30 }, (_, index) => `during the outage ${index + 1}`);
    for (const text of texts) {
      const sent = await fetch(`${first}/api/conversations/${conversation.id}/messages`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ text }),
      });
      expect(sent.status).toBe(201);
    }
    // Every one reaches the other process's stream while Redis is still away, once each.
    const received = () =>
      stream.events
        .filter((event) => event.event === 'message.created')
        .map((event) => (event.data as EventPayload<'message.created'>).message.text);
    await stream.waitFor(() => received().length >= 30, 30_000);
    expect(received()).toEqual(texts);

    // Redis back: the next message arrives too, once.
    redis = await startRedis(redisPort);
    const after = await fetch(`${first}/api/conversations/${laterConversation.id}/messages`, {
      method: 'POST',
      headers: laterHeaders,
      body: JSON.stringify({ text: 'after the outage' }),
    });
    expect(after.status).toBe(201);
    await stream.waitFor(() => received().includes('after the outage'), 30_000);
    expect(received()).toEqual([...texts, 'after the outage']);
    stream.close();
  }, 180_000);
});
