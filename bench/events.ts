/**
 * npm run bench:events: the two real-time budgets below (targets listed with each), in one run.
 *
 * 1. Streams per process: the server (this process, on an embedded database) holds STREAMS event
 *    streams opened by a client in another process; memory per stream is the growth of this
 *    process's RSS divided by the count. Target: 10,000 streams at <= 50 KB each.
 * 2. Delivery latency while they are connected: messages sent through the API, timed from the
 *    request to their arrival on the recipient's own stream. Target: p99 <= 100 ms.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { sha256 } from '../server/lib/secrets.ts';
import { createSessionsRepository } from '../server/repositories/auth/sessions.repository.ts';
import { createUsersRepository } from '../server/repositories/auth/users.repository.ts';
import { openEventStream } from '../server/test/sse.ts';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 10_000);
const USERS = 100;
const SENDERS = 20;
const MESSAGES_PER_SENDER = 10;
const KB = 1024;

const gc = () => (globalThis as { gc?: () => void }).gc?.();
const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

const dir = mkdtempSync(path.join(tmpdir(), 'fp-bench-events-'));
const config = loadConfig(
  {
    NODE_ENV: 'production',
    // Production refuses these unless asked for: the bench has no SMTP, and may run embedded.
    MAIL_DRIVER: 'log',
    ALLOW_EMBEDDED_DATABASE: 'true',
    LOG_LEVEL: 'silent',
    DATA_DIR: dir,
    WEB_DIST_DIR: path.join(dir, 'web'),
    RUN_JOBS: 'false',
  },
  { ephemeral: true },
);
const app = await buildApp(config, { runJobs: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const users = createUsersRepository(app.services.database.db);
const sessions = createSessionsRepository(app.services.database.db);
async function account(label: string) {
  const now = new Date();
  const user = await users.create({
    email: `${label}-${randomBytes(4).toString('hex')}@bench.invalid`,
    passwordHash: null,
    firstName: label,
    lastName: 'Bench',
    isEmailVerified: true,
    now,
  });
  if (!user) throw new Error('no user');
  const token = randomBytes(32).toString('base64url');
  await sessions.create({
    userId: user.id,
    tokenHash: sha256(token),
    userAgent: 'bench',
    ipAddress: '127.0.0.1',
    now,
    expiresAt: new Date(now.getTime() + 86_400_000),
  });
  return { id: user.id, token };
}

try {
  const pool = await Promise.all(Array.from({ length: USERS }, (_, i) => account(`idle${i}`)));
  const tokensFile = path.join(dir, 'tokens.json');
  writeFileSync(tokensFile, JSON.stringify(pool.map((entry) => entry.token)));

  // Warm every code path once, then take the baseline.
  const warm = await openEventStream(base, pool[0]?.token ?? '');
  await warm.waitFor((event) => event.event === 'ready');
  warm.close();
  gc();
  await settle();
  gc();
  const before = process.memoryUsage().rss;

  const client = spawn(
    process.execPath,
    ['bench/support/stream-client.ts', base, String(STREAMS), tokensFile],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const started = performance.now();
  const line = await new Promise<string>((resolve, reject) => {
    let output = '';
    client.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('\n')) resolve(output.trim());
    });
    client.on('exit', (code) => reject(new Error(`stream client exited with ${code}`)));
  });
  const connected = Number(/connected (\d+)/.exec(line)?.[1] ?? 0);
  console.info(`streams: ${line} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  gc();
  await settle();
  gc();
  const after = process.memoryUsage().rss;
  const perStream = (after - before) / Math.max(1, connected);

  // Latency: each recipient listens on its own stream while the idle ones stay connected.
  const latencies: number[] = [];
  const pairs = await Promise.all(
    Array.from({ length: SENDERS }, async (_, i) => ({
      sender: await account(`s${i}`),
      reader: await account(`r${i}`),
    })),
  );
  for (const { sender, reader } of pairs) {
    const stream = await openEventStream(base, reader.token);
    await stream.waitFor((event) => event.event === 'ready');
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${sender.token}` };
    const opened = await fetch(`${base}/api/conversations`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ userId: reader.id }),
    });
    const { id } = (await opened.json()) as { id: string };
    for (let n = 0; n < MESSAGES_PER_SENDER; n += 1) {
      const text = `m-${n}-${randomBytes(3).toString('hex')}`;
      const sentAt = performance.now();
      const arrived = stream.waitFor(
        (event) => event.event === 'message.created' && JSON.stringify(event.data).includes(text),
      );
      await fetch(`${base}/api/conversations/${id}/messages`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ text }),
      });
      await arrived;
      latencies.push(performance.now() - sentAt);
    }
    stream.close();
  }
  latencies.sort((a, b) => a - b);
  client.stdin.end();

  const p50 = percentile(latencies, 0.5);
  const p99 = percentile(latencies, 0.99);
  const mark = (ok: boolean) => (ok ? 'PASS' : 'MISS');
  console.info(`\nbench:events (${latencies.length} messages, ${connected} idle streams connected)`);
  console.info(`  streams held by one process: ${connected} (target 10000) ${mark(connected >= 10_000)}`);
  console.info(
    `  memory per stream: ${(perStream / KB).toFixed(1)} KB (target <= 50 KB) ${mark(perStream <= 50 * KB)}`,
  );
  console.info(
    `  delivery latency: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (target p99 <= 100 ms) ${mark(p99 <= 100)}`,
  );
} finally {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
}
