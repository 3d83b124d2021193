import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventPayload } from '../../../common/events.ts';
import { freshDatabaseEnv } from '../../test/helpers.ts';
import { startServer } from '../../test/processes.ts';
import { type SmtpCapture, startSmtpCapture } from '../../test/smtp-capture.ts';
import { openEventStream } from '../../test/sse.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A Redis of this test's own on its own port (never the machine's shared one), answering PING. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 10_000;
  for (;;) {
    const probe = new Redis({ port, host: '127.0.0.1', lazyConnect: true, retryStrategy: () => null });
    probe.on('error', () => {});
    try {
      await probe.connect();
      if ((await probe.ping()) === 'PONG') return child;
    } catch {
      if (Date.now() > deadline) throw new Error('redis-server did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      probe.disconnect();
    }
  }
}

async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

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

  async function account(base: string, firstName: string) {
    const email = `${firstName.toLowerCase()}-${randomBytes(4).toString('hex')}@example.com`;
    const json = { 'content-type': 'application/json' };
    await fetch(`${base}/api/auth/signup`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        email,
        password: 'marble-otter-7781',
        firstName,
        lastName: 'Test',
        acceptTerms: true,
      }),
    });
    const mail = await smtp.waitFor((m) => m.to.includes(email));
    const code = /verification code is (\d{6})/.exec(mail.text)?.[1];
    const verified = await fetch(`${base}/api/auth/verify-email`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email, code }),
    });
    return (await verified.json()) as { token: string; user: { id: string } };
  }

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
      const deadline = Date.now() + 30_000;
      for (;;) {
        const ready = (await (await fetch(`${base}/api/ready`)).json()) as { redis?: string };
        if (ready.redis && ready.redis !== 'up') break;
        if (Date.now() > deadline) throw new Error(`${base} did not notice Redis going away`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
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
