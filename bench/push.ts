/**
 * npm run bench:push: web push at the scale of a popular creator, through the real API, the real
 * background job and a local push service that checks each request's VAPID signature and decrypts
 * its payload (server/test/push-service.ts), as a browser vendor's push service would.
 *
 * Prints:
 * 1. a new post of a creator with BENCH_SUBSCRIBERS (10,000) subscribers, each with a device that
 *    turned push on: the time from POST /api/posts to the last push arriving, target <= 20 s;
 * 2. one message to one fan, BENCH_SINGLES (40) times in a row: the time from sending it to its
 *    push arriving, p50 and p95, target p95 <= 2 s;
 * 3. the sender's database time per recipient: the job's page reads for the 10,000 devices, alone;
 * 4. the limit: the same 10,000 pushes made and sent bare (web-push and fetch, no app, no database,
 *    the same concurrency), in the same run.
 *
 * The database is DATABASE_URL's server (a throwaway database, dropped afterwards) or an embedded
 * PGlite in a temp dir. Figures are reported, never asserted: the exit code is 0.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { Conversation } from '../common/schemas/messages.ts';
import { createPushSender } from '../server/adapters/push.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { uuidv7 } from '../server/lib/ids.ts';
import { sha256 } from '../server/lib/secrets.ts';
import { createSessionsRepository } from '../server/repositories/auth/sessions.repository.ts';
import { createPushRepository } from '../server/repositories/realtime/push.repository.ts';
import { rowsOf } from '../server/repositories/rows.ts';
import { startPushService } from '../server/test/push-service.ts';
import { openBenchDatabase } from './support/bench-database.ts';

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 10_000);
const SINGLES = Number(process.env.BENCH_SINGLES ?? 40);
const FAN_OUT_TARGET_S = 20;
const SINGLE_P95_TARGET_S = 2;

const fmt = (value: number, digits = 0) =>
  value.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

const vapid = webpush.generateVAPIDKeys();
const pushService = await startPushService(vapid.publicKey);
const database = await openBenchDatabase(process.env.DATABASE_URL);
const dir = mkdtempSync(path.join(tmpdir(), 'fp-bench-push-'));
const config = loadConfig(
  {
    NODE_ENV: 'production',
    // Production refuses these unless asked for: the bench has no SMTP, and may run embedded.
    MAIL_DRIVER: 'log',
    ALLOW_EMBEDDED_DATABASE: 'true',
    LOG_LEVEL: 'silent',
    DATA_DIR: dir,
    WEB_DIST_DIR: path.join(dir, 'web'),
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:bench@example.com',
    PUSH_SERVICE_ORIGINS: pushService.origin,
    ...database.env,
  },
  { ephemeral: true },
);
const app = await buildApp(config, { runJobs: true });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const db = app.services.database.db;
const sessions = createSessionsRepository(db);

async function session(userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  await sessions.create({
    userId,
    tokenHash: sha256(token),
    userAgent: 'bench',
    ipAddress: '127.0.0.1',
    now,
    expiresAt: new Date(now.getTime() + 86_400_000),
  });
  return token;
}

const call = async (token: string, method: string, url: string, body?: object) => {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<unknown>;
};

try {
  console.info(`Database: ${database.label}`);
  console.info(`Seeding a creator and ${fmt(SUBSCRIBERS)} subscribers, each with a device that has push on…`);
  const now = new Date();
  const creatorUserId = uuidv7();
  const creatorId = uuidv7();
  const tag = randomBytes(3).toString('hex');
  await db.execute(sql`insert into users (id, email, first_name, last_name, is_email_verified)
    values (${creatorUserId}, ${`creator-${tag}@bench.invalid`}, 'Bench', 'Creator', true)`);
  await db.execute(sql`insert into creator_profiles (id, user_id, handle, display_name, status)
    values (${creatorId}, ${creatorUserId}, ${`bench${tag}`}, 'Bench Creator', 'approved')`);
  await db.execute(sql`
    with fans as (
      insert into users (id, email, first_name, last_name, is_email_verified)
      select gen_random_uuid(), 'fan-' || g || '-' || ${tag} || '@bench.invalid', 'Fan', g::text, true
      from generate_series(1, ${SUBSCRIBERS}) g
      returning id
    )
    insert into creator_subscriptions (id, fan_id, creator_id, status, amount, current_period_end)
    select gen_random_uuid(), id, ${creatorId}, 'active', 999, ${new Date(now.getTime() + 30 * 86_400_000)} from fans`);
  // Each fan: a session and a device (its keys made as a browser makes them) tied to it.
  const fans = rowsOf<{ id: string }>(
    await db.execute(sql`select fan_id as id from creator_subscriptions where creator_id = ${creatorId}`),
  );
  const devices = fans.map(() => pushService.device());
  for (let start = 0; start < fans.length; start += 1000) {
    const page = fans.slice(start, start + 1000);
    const rows = page.map((fan, i) => {
      const device = devices[start + i];
      if (!device) throw new Error('missing device');
      return { fan: fan.id, session: uuidv7(), ...device.subscription };
    });
    const json = JSON.stringify(
      rows.map((r) => ({
        session: r.session,
        fan: r.fan,
        hash: randomBytes(16).toString('hex'),
        endpoint: r.endpoint,
        p256dh: r.keys.p256dh,
        auth: r.keys.auth,
      })),
    );
    const expires = new Date(now.getTime() + 86_400_000).toISOString();
    await db.execute(sql`insert into sessions (id, user_id, token_hash, expires_at)
      select session, fan, hash, ${expires}::timestamptz
      from json_to_recordset(${json}::json) as x(session uuid, fan uuid, hash text)`);
    await db.execute(sql`insert into push_subscriptions (id, user_id, session_id, endpoint, p256dh, auth, label)
      select gen_random_uuid(), fan, session, endpoint, p256dh, auth, 'Bench browser'
      from json_to_recordset(${json}::json) as x(session uuid, fan uuid, endpoint text, p256dh text, auth text)`);
  }
  const creatorToken = await session(creatorUserId);

  // 1: a new post, through the API; every subscriber's device hears of it.
  const fanOutStarted = performance.now();
  const post = (await call(creatorToken, 'POST', '/api/posts', {
    description: 'A new set is up',
    youtubeUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    visibility: 'subscribers',
  })) as { id: string };
  const postRequestMs = performance.now() - fanOutStarted;
  await pushService.waitForCount(SUBSCRIBERS, 300_000);
  const fanOutMs = (pushService.received.at(-1)?.at ?? performance.now()) - fanOutStarted;
  const wrong = pushService.received.filter((push) => push.payload.url !== `/post/${post.id}`).length;

  // 2: one message to one fan at a time, each from another member (a sender's own rate limit
  // would otherwise stop the run, not the push).
  const fan = fans[0]?.id as string;
  const fanDevice = devices[0]?.id as string;
  const latencies: number[] = [];
  for (let i = 0; i < SINGLES; i++) {
    const sender = uuidv7();
    await db.execute(sql`insert into users (id, email, first_name, last_name, is_email_verified)
      values (${sender}, ${`sender-${i}-${tag}@bench.invalid`}, 'Sam', ${String(i)}, true)`);
    const senderToken = await session(sender);
    const conversation = (await call(senderToken, 'POST', '/api/conversations', {
      userId: fan,
    })) as Conversation;
    const sent = performance.now();
    await call(senderToken, 'POST', `/api/conversations/${conversation.id}/messages`, { text: `Hello ${i}` });
    const arrived = await pushService.waitFor(
      (push) => push.deviceId === fanDevice && push.payload.body === `Hello ${i}`,
      30_000,
    );
    latencies.push(arrived.at - sent);
  }
  const duplicates = pushService.received.filter((push) => push.deviceId === fanDevice).length - 1 - SINGLES;

  // 3: the job's page reads for the whole audience, alone.
  const repository = createPushRepository(db);
  const readStarted = performance.now();
  let afterId: string | null = null;
  let read = 0;
  for (;;) {
    const page = await repository.recipients({
      kind: 'new_post',
      byDefault: true,
      audience: { subscribersOf: creatorId },
      now: new Date(),
      afterId,
      limit: 500,
    });
    read += page.length;
    if (page.length < 500) break;
    afterId = page.at(-1)?.id ?? null;
  }
  const readMs = performance.now() - readStarted;

  // 4: the limit: the same pushes made and sent bare, 64 at a time as the job does.
  const sender64 = createPushSender({ ...vapid, subject: 'mailto:bench@example.com' });
  const payload = JSON.stringify({
    title: 'Bench Creator posted something new',
    body: '',
    url: `/post/${post.id}`,
  });
  const bareStarted = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 64 }, async () => {
      while (next < devices.length) {
        const device = devices[next++];
        if (!device) break;
        await sender64.send({ endpoint: device.subscription.endpoint, ...device.subscription.keys }, payload);
      }
    }),
  );
  const bareMs = performance.now() - bareStarted;

  console.info('');
  console.info(`Web push to ${fmt(SUBSCRIBERS)} subscribers' devices (VAPID checked, payload decrypted)`);
  console.info(`  POST /api/posts answered in               ${fmt(postRequestMs, 1)} ms`);
  console.info(
    `  last push arrived after                   ${fmt(fanOutMs / 1000, 2)} s   target <= ${FAN_OUT_TARGET_S} s: ${fanOutMs / 1000 <= FAN_OUT_TARGET_S ? 'PASS' : 'MISS'}` +
      (wrong > 0 ? `  (${wrong} pushes for something else)` : ''),
  );
  console.info(`  refused by the push service               ${pushService.refused.length}`);
  if (duplicates !== 0) console.info(`  pushed more or less than once            ${duplicates}`);
  console.info(
    `  one message, event to push (${SINGLES} runs)  p50 ${fmt(percentile(latencies, 50), 0)} ms, p95 ${fmt(percentile(latencies, 95), 0)} ms   target p95 <= ${SINGLE_P95_TARGET_S} s: ${percentile(latencies, 95) / 1000 <= SINGLE_P95_TARGET_S ? 'PASS' : 'MISS'}`,
  );
  console.info(
    `  database time per recipient               ${fmt((readMs / read) * 1000, 1)} µs (${fmt(read)} devices read in pages of 500, ${fmt(readMs, 0)} ms)`,
  );
  console.info(
    `  limit: the same pushes sent bare          ${fmt(bareMs / 1000, 2)} s (web-push and fetch only); the app's fan-out is ${fmt(fanOutMs / bareMs, 2)}x it`,
  );
} finally {
  await app.close();
  await database.drop();
  await pushService.close();
  rmSync(dir, { recursive: true, force: true });
}
