/**
 * npm run bench:mass-message: one creator sends a mass message to BENCH_RECIPIENTS (10,000) active
 * subscribers, through the real API and the real background job.
 *
 * Prints:
 * 1. how long POST /api/mass-messages took (the request only fixes the recipients and queues the job);
 * 2. the time from that request until every recipient's conversation holds the message (checked in
 *    the database: each recipient row has its message), target <= 30 s;
 * 3. the database time per recipient: a second mass message delivered batch by batch straight
 *    through the repository (the same transactions the job runs), timed per batch.
 * Some recipients keep an event stream open, and the bench reports when the last of them got it.
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
import type { MassMessageView } from '../common/schemas/mass-messages.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { uuidv7 } from '../server/lib/ids.ts';
import { sha256 } from '../server/lib/secrets.ts';
import { createSessionsRepository } from '../server/repositories/auth/sessions.repository.ts';
import { createMassMessagesRepository } from '../server/repositories/messages/mass-messages.repository.ts';
import { rowsOf } from '../server/repositories/rows.ts';
import { MASS_MESSAGE_BATCH } from '../server/services/messages/mass-message-delivery.ts';
import { openEventStream, type SseStream } from '../server/test/sse.ts';
import { openBenchDatabase } from './support/bench-database.ts';

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 10_000);
const WATCHERS = Number(process.env.BENCH_WATCHERS ?? 50);
const TARGET_SECONDS = 30;

const fmt = (value: number, digits = 0) =>
  value.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });

const database = await openBenchDatabase(process.env.DATABASE_URL);
const dir = mkdtempSync(path.join(tmpdir(), 'fp-bench-mass-'));
const config = loadConfig(
  {
    NODE_ENV: 'production',
    // Production refuses these unless asked for: the bench has no SMTP, and may run embedded.
    MAIL_DRIVER: 'log',
    ALLOW_EMBEDDED_DATABASE: 'true',
    LOG_LEVEL: 'silent',
    DATA_DIR: dir,
    WEB_DIST_DIR: path.join(dir, 'web'),
    ...database.env,
  },
  { ephemeral: true },
);
const app = await buildApp(config, { runJobs: true });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const db = app.services.database.db;
const count = async (query: ReturnType<typeof sql>) =>
  Number(rowsOf<{ n: number }>(await db.execute(query))[0]?.n ?? 0);

const streams: SseStream[] = [];
try {
  console.info(`Database: ${database.label}`);
  console.info(`Seeding a creator and ${fmt(RECIPIENTS)} subscribers…`);
  const now = new Date();
  const creatorUserId = uuidv7();
  const creatorId = uuidv7();
  await db.execute(sql`insert into users (id, email, first_name, last_name, is_email_verified)
    values (${creatorUserId}, ${`creator-${randomBytes(4).toString('hex')}@bench.invalid`}, 'Bench', 'Creator', true)`);
  await db.execute(sql`insert into creator_profiles (id, user_id, handle, display_name, status)
    values (${creatorId}, ${creatorUserId}, ${`bench${randomBytes(3).toString('hex')}`}, 'Bench Creator', 'approved')`);
  // Each fan: a user and an active subscription (ids from the database: their order does not matter).
  await db.execute(sql`
    with fans as (
      insert into users (id, email, first_name, last_name, is_email_verified)
      select gen_random_uuid(), 'fan-' || g || '-' || ${randomBytes(3).toString('hex')} || '@bench.invalid', 'Fan', g::text, true
      from generate_series(1, ${RECIPIENTS}) g
      returning id
    )
    insert into creator_subscriptions (id, fan_id, creator_id, status, amount, current_period_end)
    select gen_random_uuid(), id, ${creatorId}, 'active', 999, ${new Date(now.getTime() + 30 * 86_400_000)} from fans`);
  const token = randomBytes(32).toString('base64url');
  await createSessionsRepository(db).create({
    userId: creatorUserId,
    tokenHash: sha256(token),
    userAgent: 'bench',
    ipAddress: '127.0.0.1',
    now,
    expiresAt: new Date(now.getTime() + 86_400_000),
  });

  // A few recipients watch their event stream, as open tabs would.
  const watchers = rowsOf<{ id: string }>(
    await db.execute(
      sql`select fan_id as id from creator_subscriptions where creator_id = ${creatorId} limit ${WATCHERS}`,
    ),
  );
  for (const watcher of watchers) {
    const watcherToken = randomBytes(32).toString('base64url');
    await createSessionsRepository(db).create({
      userId: watcher.id,
      tokenHash: sha256(watcherToken),
      userAgent: 'bench',
      ipAddress: '127.0.0.1',
      now,
      expiresAt: new Date(now.getTime() + 86_400_000),
    });
    const stream = await openEventStream(base, watcherToken);
    await stream.waitFor((event) => event.event === 'ready');
    streams.push(stream);
  }

  // 1 and 2: through the API and the job.
  const started = performance.now();
  const response = await fetch(`${base}/api/mass-messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ audience: 'subscribers', text: 'Thank you for being here: a new set is up.' }),
  });
  const requestMs = performance.now() - started;
  if (response.status !== 202) throw new Error(`send: ${response.status} ${await response.text()}`);
  const sent = (await response.json()) as MassMessageView;
  const live = Promise.all(
    streams.map((stream) => stream.waitFor((e) => e.event === 'message.created', 120_000)),
  ).then(() => performance.now() - started);
  let deliveredMs = 0;
  for (;;) {
    const done = await count(
      sql`select count(*)::int as n from mass_message_recipients r join messages m on m.id = r.message_id where r.mass_message_id = ${sent.id}`,
    );
    if (done >= sent.recipients) {
      deliveredMs = performance.now() - started;
      break;
    }
    if (performance.now() - started > 300_000) throw new Error(`only ${done} delivered after 300 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const lastLiveMs = await live;

  // 3: the same delivery transactions, timed batch by batch, for a second mass message.
  const repo = createMassMessagesRepository(db);
  const second = await repo.create({
    senderId: creatorUserId,
    creatorId,
    audience: 'subscribers',
    listId: null,
    audienceName: null,
    body: 'And one more.',
    priceCents: null,
    mediaIds: [],
    now: new Date(),
  });
  if (!second) throw new Error('second mass message not stored');
  let databaseMs = 0;
  let batches = 0;
  for (;;) {
    const batchStarted = performance.now();
    const batch = await repo.deliverBatch(second.id, MASS_MESSAGE_BATCH, new Date());
    databaseMs += performance.now() - batchStarted;
    batches += 1;
    if (!batch || batch.done) break;
  }
  const perRecipientMs = databaseMs / second.recipients;

  console.info('');
  console.info(
    `Mass message to ${fmt(sent.recipients)} active subscribers (batches of ${fmt(MASS_MESSAGE_BATCH)})`,
  );
  console.info(
    `  POST /api/mass-messages answered in        ${fmt(requestMs, 1)} ms (recipients fixed, job queued)`,
  );
  console.info(
    `  every conversation has it after           ${fmt(deliveredMs / 1000, 2)} s   target <= ${TARGET_SECONDS} s: ${deliveredMs / 1000 <= TARGET_SECONDS ? 'PASS' : 'MISS'}`,
  );
  console.info(`  ${streams.length} open streams all received it after ${fmt(lastLiveMs / 1000, 2)} s`);
  console.info(
    `  database time per recipient               ${fmt(perRecipientMs, 3)} ms (${batches} delivery transactions, ${fmt(databaseMs, 0)} ms in all, second mass message)`,
  );
} finally {
  for (const stream of streams) stream.close();
  await app.close();
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
}
