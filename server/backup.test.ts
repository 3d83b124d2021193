import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generate } from 'otplib';
import { afterAll, describe, expect, it } from 'vitest';
import type { MediaView } from '../common/schemas/media.ts';
import type { TwoFactorEnabled, TwoFactorSetup } from '../common/schemas/two-factor.ts';
import { buildApp } from './app.ts';
import { createBackup, missingSecret, RestoreError, readManifest, restoreBackup } from './backup.ts';
import { type Config, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { SUBSCRIPTION_LIFECYCLE } from './jobs/subscription-lifecycle.ts';
import { createLedgerRepository } from './repositories/billing/core/ledger.repository.ts';
import { type AccountsTestApp, get, post, signUpVerified } from './test/accounts.ts';
import { createTestClock } from './test/clock.ts';
import { freshDatabaseEnv } from './test/helpers.ts';
import { fetchMedia, fetchUrl, tusUpload, upload, waitForProcessing } from './test/media.ts';
import { jpeg } from './test/media-fixtures.ts';
import { startTestS3Server, type TestS3Server } from './test/s3-server.ts';
import { startSmtpCapture } from './test/smtp-capture.ts';

/** Every job pg-boss still has to run, by queue and id, and the queues' settings. */
async function pendingJobs(config: Config): Promise<{ jobs: string[]; queues: string[] }> {
  const database = await openDatabase(config);
  try {
    const { rows: jobs } = await database.sql.executeSql(
      "select name || ' ' || id || ' ' || retry_limit as job from pgboss.job where state in ('created', 'retry', 'active') order by 1",
      [],
    );
    const { rows: queues } = await database.sql.executeSql(
      "select name || ' ' || retry_limit || ' ' || coalesce(dead_letter, '-') as queue from pgboss.queue order by 1",
      [],
    );
    return {
      jobs: (jobs as { job: string }[]).map((row) => row.job),
      queues: (queues as { queue: string }[]).map((row) => row.queue),
    };
  } finally {
    await database.close();
  }
}

/** Every row of every table of ours, as text, to compare two databases. */
async function contents(config: Config): Promise<Record<string, string[]>> {
  const database = await openDatabase(config);
  try {
    const { rows: tables } = await database.sql.executeSql(
      "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
      [],
    );
    const all: Record<string, string[]> = {};
    for (const { name } of tables as { name: string }[]) {
      const { rows } = await database.sql.executeSql(
        `select row_to_json(t)::text as row from "${name}" t`,
        [],
      );
      all[name] = (rows as { row: string }[]).map((row) => row.row).sort();
    }
    return all;
  } finally {
    await database.close();
  }
}

describe('npm run backup and npm run restore', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  async function place(appSecret: string, smtpUrl: string, s3?: TestS3Server) {
    const dir = mkdtempSync(path.join(tmpdir(), 'fp-backup-'));
    const database = await freshDatabaseEnv();
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }), database.drop);
    return loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dir,
      WEB_DIST_DIR: path.join(dir, 'no-web'),
      APP_SECRET: appSecret,
      SMTP_URL: smtpUrl,
      ...s3?.env,
      ...database.env,
    });
  }

  it('round-trips accounts, media and the ledger into an empty place, and refuses a used one', async () => {
    const smtp = await startSmtpCapture();
    cleanups.push(() => smtp.close());
    const secret = randomBytes(32).toString('hex');
    const source = await place(secret, smtp.url);
    const clock = createTestClock();
    const app = await buildApp(source, { runJobs: false, clock });
    const t: AccountsTestApp = { app, config: source, smtp, clock, close: async () => {} };
    const account = await signUpVerified(t);
    const picture = await upload(t, 'profile', account.token, { data: await jpeg(600, 400) });
    expect(picture.statusCode).toBe(201);
    const pictureUrl = picture.json<MediaView>().url ?? '';
    const original = (await fetchUrl(t, pictureUrl)).rawPayload;
    await post(t, '/api/auth/update-profile', { profileImage: pictureUrl }, { token: account.token });
    await createLedgerRepository(app.services.database.db).post({
      kind: 'charge',
      paymentId: null,
      description: 'kept through a backup',
      now: new Date(),
      lines: [
        {
          account: { id: 'platform:cash', kind: 'asset', description: 'cash' },
          amount: 2500,
          currency: 'NGN',
        },
        {
          account: { id: 'platform:revenue', kind: 'revenue', description: 'revenue' },
          amount: -2500,
          currency: 'NGN',
        },
      ],
    });
    await app.close();
    const before = await contents(source);
    expect(before.users?.length).toBe(1);
    expect(before.media?.length).toBe(1);
    expect(before.ledger_transactions?.length).toBe(1);

    const archive = path.join(source.dataDir, 'backup.zip');
    const made = await createBackup(source, archive);
    expect(made.mediaFiles).toBeGreaterThan(0);

    const target = await place(secret, smtp.url);
    const restored = await restoreBackup(target, archive);
    expect(restored).toEqual(made);
    expect(await contents(target)).toEqual(before);

    const back = await buildApp(target, { runJobs: false, clock });
    cleanups.push(() => back.close());
    const u: AccountsTestApp = { app: back, config: target, smtp, clock, close: async () => {} };
    const signin = await post(u, '/api/auth/signin', { email: account.email, password: account.password });
    expect(signin.statusCode).toBe(200);
    expect(signin.json().user.profileImage).toBe(pictureUrl);
    const file = await fetchUrl(u, pictureUrl);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(original)).toBe(true);
    // A new row after the restored ones: sequences continue.
    expect((await signUpVerified(u)).user.id).not.toBe(account.user.id);

    await expect(restoreBackup(target, archive)).rejects.toThrow(RestoreError);
    expect(readFileSync(archive).subarray(0, 2).toString()).toBe('PK');
  }, 120_000);

  it('brings two-step sign-in back with the secret it was made under, refuses another in words, and turns it off with --new-secret', async () => {
    const smtp = await startSmtpCapture();
    cleanups.push(() => smtp.close());
    const secret = randomBytes(32).toString('hex');
    const clock = createTestClock();
    const codeNow = (totp: string) =>
      generate({ secret: totp, epoch: Math.floor(clock.now().getTime() / 1000) });
    const source = await place(secret, smtp.url);
    const app = await buildApp(source, { runJobs: false, clock });
    const t: AccountsTestApp = { app, config: source, smtp, clock, close: async () => {} };
    const account = await signUpVerified(t);
    const setup = (
      await post(t, '/api/me/two-factor/setup', {}, { token: account.token })
    ).json<TwoFactorSetup>();
    const enabled = await post(
      t,
      '/api/me/two-factor/enable',
      { code: await codeNow(setup.secret) },
      { token: account.token },
    );
    expect(enabled.statusCode, enabled.body).toBe(200);
    const [recovery] = enabled.json<TwoFactorEnabled>().recoveryCodes as [string];
    // A browser with push on, subscribed to the push key made from this secret.
    await app.services.database.sql.executeSql(
      `insert into push_subscriptions (id, user_id, session_id, endpoint, p256dh, auth, label)
       select $2, user_id, id, 'https://fcm.googleapis.com/fcm/send/restore-test', 'key', 'auth', 'Chrome on Linux'
       from sessions where user_id = $1 limit 1`,
      [account.user.id, randomUUID()],
    );
    await app.close();
    const archive = path.join(source.dataDir, 'backup.zip');
    await createBackup(source, archive);

    // Nothing given: refused before any secret is made, in words that say what to do.
    const empty = mkdtempSync(path.join(tmpdir(), 'fp-restore-'));
    cleanups.push(() => rmSync(empty, { recursive: true, force: true }));
    const manifest = await readManifest(archive);
    expect(missingSecret(manifest, { appSecret: undefined, dataDir: empty, newSecret: false })).toMatch(
      /needs the APP_SECRET it was made under.*app-secret.*--new-secret/,
    );
    expect(missingSecret(manifest, { appSecret: undefined, dataDir: empty, newSecret: true })).toBeNull();
    expect(missingSecret(manifest, { appSecret: secret, dataDir: empty, newSecret: false })).toBeNull();

    // Another secret: refused, and nothing is written.
    const other = await place(randomBytes(32).toString('hex'), smtp.url);
    await expect(restoreBackup(other, archive)).rejects.toThrow(/needs the APP_SECRET it was made under/);
    expect(Object.values(await contents(other)).flat()).toEqual([]);

    // The same secret: a code and a recovery code both sign in.
    const target = await place(secret, smtp.url);
    const restored = await restoreBackup(target, archive);
    expect(restored.twoStepTurnedOff).toBeUndefined();
    expect(restored.pushDevicesDropped).toBeUndefined();
    const back = await buildApp(target, { runJobs: false, clock });
    cleanups.push(() => back.close());
    const u: AccountsTestApp = { app: back, config: target, smtp, clock, close: async () => {} };
    const signIn = async () => {
      const first = await post(u, '/api/auth/signin', { email: account.email, password: account.password });
      expect(first.json()).toMatchObject({ twoFactorRequired: true });
      return first.json<{ challenge: string }>().challenge;
    };
    clock.advance(30_000);
    const withCode = await post(u, '/api/auth/signin/two-factor', {
      challenge: await signIn(),
      code: await codeNow(setup.secret),
    });
    expect(withCode.statusCode, withCode.body).toBe(200);
    const withRecovery = await post(u, '/api/auth/signin/two-factor', {
      challenge: await signIn(),
      code: recovery,
    });
    expect(withRecovery.statusCode, withRecovery.body).toBe(200);

    // A new secret on purpose: everything comes back, two-step sign-in is off for the one account.
    const fresh = await place(randomBytes(32).toString('hex'), smtp.url);
    const renewed = await restoreBackup(fresh, archive, { newSecret: true });
    expect(renewed.twoStepTurnedOff).toBe(1);
    // Its push key is new too: the browser subscribed to the old one turns push on again.
    expect(renewed.pushDevicesDropped).toBe(1);
    const third = await buildApp(fresh, { runJobs: false, clock });
    cleanups.push(() => third.close());
    const v: AccountsTestApp = { app: third, config: fresh, smtp, clock, close: async () => {} };
    const plain = await post(v, '/api/auth/signin', { email: account.email, password: account.password });
    expect(plain.statusCode, plain.body).toBe(200);
    const token = plain.json<{ token: string }>().token;
    expect((await get(v, '/api/me/two-factor', token)).json()).toMatchObject({ enabled: false });
  }, 180_000);

  it('keeps the jobs still to run and media in S3: a pending media job and a payment job run after the restore', async () => {
    const smtp = await startSmtpCapture();
    const sourceBucket = await startTestS3Server();
    const targetBucket = await startTestS3Server();
    cleanups.push(
      () => smtp.close(),
      () => sourceBucket.close(),
      () => targetBucket.close(),
    );
    const secret = randomBytes(32).toString('hex');
    const clock = createTestClock();
    for (const bucket of [sourceBucket, targetBucket]) bucket.setClock(() => clock.now());
    const source = await place(secret, smtp.url, sourceBucket);
    // Jobs are queued here but not run: what a backup taken while work is waiting sees.
    const app = await buildApp(source, { runJobs: false, clock });
    const t: AccountsTestApp = { app, config: source, smtp, clock, close: async () => {} };
    const creator = await signUpVerified(t);
    const picture = await upload(t, 'profile', creator.token, { data: await jpeg(600, 400) });
    expect(picture.statusCode).toBe(201);
    const pictureUrl = picture.json<MediaView>().url ?? '';
    const original = (await fetchMedia(t, pictureUrl)).rawPayload;
    expect(original.length).toBeGreaterThan(0);
    const { last } = await tusUpload(t, creator.token, await jpeg(900, 600), { filetype: 'image/jpeg' });
    expect(last.json<MediaView>().status).toBe('processing');
    const postMedia = last.json<MediaView>().id;
    const paymentJob = await app.services.queue.send(SUBSCRIPTION_LIFECYCLE, {});
    expect(paymentJob).toBeTruthy();
    await app.close();
    const queued = await pendingJobs(source);
    expect(
      queued.jobs.filter((job) => job.startsWith('process-media ') || job.includes(paymentJob ?? '-')),
    ).toHaveLength(2);

    const archive = path.join(source.dataDir, 'backup.zip');
    const made = await createBackup(source, archive);
    expect(made.jobs).toBe(queued.jobs.length);
    // The profile picture's renditions and the post photo's original, all from the bucket.
    expect(made.mediaFiles).toBeGreaterThan(2);

    const target = await place(secret, smtp.url, targetBucket);
    expect(await restoreBackup(target, archive)).toEqual(made);
    expect(await pendingJobs(target)).toEqual(queued);

    const back = await buildApp(target, { runJobs: true, clock });
    cleanups.push(() => back.close());
    const u: AccountsTestApp = { app: back, config: target, smtp, clock, close: async () => {} };
    const signin = await post(u, '/api/auth/signin', { email: creator.email, password: creator.password });
    expect(signin.statusCode).toBe(200);
    // Media comes from the new bucket, byte for byte.
    const file = await fetchMedia(u, pictureUrl);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(original)).toBe(true);
    // The media job queued before the backup runs after the restore, reading its original there.
    const processed = await waitForProcessing(u, signin.json().token, postMedia, 60_000);
    expect(processed.status).toBe('ready');
    expect((await fetchMedia(u, processed.url ?? '')).statusCode).toBe(200);
    // And so does the payment job.
    expect(await back.services.queue.waitFor(SUBSCRIPTION_LIFECYCLE, paymentJob ?? '', 60_000)).toBe(
      'completed',
    );

    // A bucket that already holds media is refused.
    const again = await place(secret, smtp.url, targetBucket);
    await expect(restoreBackup(again, archive)).rejects.toThrow(/already holds media/);
  }, 180_000);
});
