import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventPayload } from '../../../common/events.ts';
import { freshDatabaseEnv } from '../../test/helpers.ts';
import { verifiedAccountOver } from '../../test/http-accounts.ts';
import { startServer } from '../../test/processes.ts';
import { type SmtpCapture, startSmtpCapture } from '../../test/smtp-capture.ts';
import { openEventStream } from '../../test/sse.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

/** Needs the machine's PostgreSQL and Redis (CI's PostgreSQL run sets both). */
describe.skipIf(!databaseUrl || !redisUrl)('two server processes on PostgreSQL and Redis', () => {
  const servers: ChildProcess[] = [];
  const dataDirs: string[] = [];
  let smtp: SmtpCapture;
  let drop: () => Promise<void>;
  let urls: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    const database = await freshDatabaseEnv();
    drop = database.drop;
    const shared = {
      ...database.env,
      REDIS_URL: redisUrl as string,
      APP_SECRET: randomBytes(32).toString('hex'),
      SMTP_URL: smtp.url,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: '0',
      SEED_DEMO: 'false',
    };
    // One after the other: migrations run under an advisory lock either way, this keeps the log tidy.
    for (const runJobs of ['true', 'false']) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'fp-two-'));
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
            child.once('exit', resolve);
            child.kill('SIGTERM');
          }),
      ),
    );
    await smtp?.close();
    await drop?.();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    urls = [];
  });

  const account = (base: string, firstName: string) => verifiedAccountOver(base, smtp, firstName);

  it('delivers a message sent through one process to a stream held by the other', async () => {
    const [first, second] = urls as [string, string];
    const sender = await account(first, 'Sender');
    const reader = await account(second, 'Reader');
    const stream = await openEventStream(second, reader.token);
    await stream.waitFor((event) => event.event === 'ready');

    const headers = { 'content-type': 'application/json', authorization: `Bearer ${sender.token}` };
    const conversation = (await (
      await fetch(`${first}/api/conversations`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ userId: reader.user.id }),
      })
    ).json()) as { id: string };
    const sent = await fetch(`${first}/api/conversations/${conversation.id}/messages`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ text: 'across processes' }),
    });
    expect(sent.status).toBe(201);
    const received = await stream.waitFor((event) => event.event === 'message.created');
    expect((received.data as EventPayload<'message.created'>).message.text).toBe('across processes');
    stream.close();
  });
});
