import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse } from '../../../common/schemas/auth.ts';
import type { MediaView } from '../../../common/schemas/media.ts';
import { createS3Client } from '../../adapters/storage/s3-driver.ts';
import { codeIn, GOOD_PASSWORD, uniqueEmail } from '../../test/accounts.ts';
import { freshDatabaseEnv } from '../../test/helpers.ts';
import { crashMidUpload, STORAGE_DRIVERS } from '../../test/media.ts';
import { jpeg } from '../../test/media-fixtures.ts';
import { startServer as startRealServer } from '../../test/processes.ts';
import { startTestS3Server, type TestS3Server } from '../../test/s3-server.ts';
import { type SmtpCapture, startSmtpCapture } from '../../test/smtp-capture.ts';

const MB = 1024 * 1024;
const TUS = { 'tus-resumable': '1.0.0' };

/** `node server/main.ts`, the real server process, on a free port; resolves once it listens. */
const startServer = (env: Record<string, string>) =>
  startRealServer({ LOG_LEVEL: 'warn', SEED_DEMO: 'false', ...env });

async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Every file under a folder, relative to it. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/** A tus PATCH that sends `chunk` and then keeps the request open (the server dies before it ends). */
function hangingPatch(url: string, token: string, offset: number, chunk: Buffer, total: number): void {
  const request = httpRequest(url, {
    method: 'PATCH',
    headers: {
      ...TUS,
      authorization: `Bearer ${token}`,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
      'content-length': String(total - offset),
    },
  });
  request.on('error', () => {});
  request.write(chunk);
}

describe.each(STORAGE_DRIVERS)('%s storage: the server process killed mid-upload', (driver) => {
  let smtp: SmtpCapture;
  let s3: TestS3Server | null = null;
  let database: Awaited<ReturnType<typeof freshDatabaseEnv>>;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fp-crash-'));
  const mediaDir = path.join(dataDir, 'media');
  const running: ChildProcess[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    s3 = driver === 's3' ? await startTestS3Server() : null;
    database = await freshDatabaseEnv();
    env = {
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      SMTP_URL: smtp.url,
      ...database.env,
      ...s3?.env,
    };
  });
  afterAll(async () => {
    for (const child of running)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await smtp.close();
    await s3?.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Media objects in storage (not temporary files, not resumable uploads). */
  async function storedMedia(): Promise<string[]> {
    if (!s3) return filesUnder(mediaDir).filter((file) => !file.startsWith('.'));
    const client = createS3Client({
      ...s3,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    });
    try {
      const page = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'media/' }));
      return (page.Contents ?? []).map((item) => item.Key ?? '');
    } finally {
      client.destroy();
    }
  }

  it('leaves no partial file behind, serves nothing half-written, and resumes the resumable upload', async () => {
    const first = await startServer(env);
    running.push(first.child);

    const email = uniqueEmail('crash');
    const post = (base: string, url: string, body: object) =>
      fetch(`${base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const signup = await post(first.url, '/api/auth/signup', {
      email,
      password: GOOD_PASSWORD,
      firstName: 'Crash',
      lastName: 'Test',
      acceptTerms: true,
    });
    expect(signup.status).toBe(201);
    const code = codeIn(await smtp.waitFor((mail) => mail.to.includes(email)));
    const verified = await post(first.url, '/api/auth/verify-email', { email, code });
    expect(verified.status).toBe(200);
    const { token } = (await verified.json()) as AuthResponse;
    const auth = { authorization: `Bearer ${token}` };

    // A resumable upload of a real photo: created, then half of it on its way.
    const photo = await jpeg(1800, 1200);
    const created = await fetch(`${first.url}/api/uploads`, {
      method: 'POST',
      headers: { ...TUS, ...auth, 'upload-length': String(photo.length) },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location') ?? '';
    const uploadId = location.split('/').at(-1) ?? '';
    const half = Math.floor(photo.length / 2);
    hangingPatch(`${first.url}${location}`, token, 0, photo.subarray(0, half), photo.length);
    if (!s3) {
      await eventually(() => {
        const file = path.join(mediaDir, '.uploads', uploadId);
        return existsSync(file) && statSync(file).size > 0;
      });
    }

    // A multipart upload half-spooled when the process is killed outright (no shutdown at all).
    await crashMidUpload(first.url, 'property', token, {
      head: await jpeg(64, 64),
      total: 4 * MB,
      sent: 2 * MB,
      beforeCrash: async () => {
        await eventually(() =>
          filesUnder(path.join(mediaDir, '.tmp')).some(
            (file) => statSync(path.join(mediaDir, '.tmp', file)).size > MB,
          ),
        );
        first.child.kill('SIGKILL');
        await first.exited;
      },
    });
    expect(first.child.signalCode).toBe('SIGKILL');
    // The crash left a partial spool file behind, in the dead process's own temp folder.
    const leftovers = filesUnder(path.join(mediaDir, '.tmp'));
    expect(leftovers.length).toBeGreaterThan(0);
    expect(await storedMedia()).toEqual([]);

    const second = await startServer(env);
    running.push(second.child);
    // At start, before it answers anything, the new process removed the dead one's temp files.
    expect(filesUnder(path.join(mediaDir, '.tmp'))).toEqual([]);
    expect(await storedMedia()).toEqual([]);

    // The interrupted upload is not media: nothing under its id is served.
    expect((await fetch(`${second.url}/api/media/${uploadId}`, { headers: auth })).status).toBe(404);
    for (const variant of ['w320', 'w640', 'original', 'preview']) {
      expect((await fetch(`${second.url}/api/media/${uploadId}/${variant}`, { headers: auth })).status).toBe(
        404,
      );
    }

    // It resumes from what the server kept (S3 keeps whole parts only, maybe nothing) and completes.
    const head = await fetch(`${second.url}${location}`, { method: 'HEAD', headers: { ...TUS, ...auth } });
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBeLessThanOrEqual(half);
    const rest = await fetch(`${second.url}${location}`, {
      method: 'PATCH',
      headers: {
        ...TUS,
        ...auth,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      body: photo.subarray(offset),
    });
    expect(rest.status).toBe(200);
    const media = (await rest.json()) as MediaView;
    expect(media).toMatchObject({ id: uploadId, kind: 'image', width: 1800, height: 1200 });

    let view = media;
    await eventually(async () => {
      view = (await (
        await fetch(`${second.url}/api/media/${uploadId}`, { headers: auth })
      ).json()) as MediaView;
      return view.status !== 'processing';
    }, 30_000);
    expect(view.status).toBe('ready');
    // The bytes that survived the crash and the resumed ones make the whole photo again.
    const largest = view.urls.sources.filter((source) => source.type === 'image/webp').at(-1);
    // App links are relative to the site; S3's presigned ones are absolute.
    const rendition = await fetch(new URL(largest?.url ?? '', second.url));
    expect(rendition.status).toBe(200);
    const decoded = await sharp(Buffer.from(await rendition.arrayBuffer())).metadata();
    expect([decoded.width, decoded.height]).toEqual([
      largest?.width,
      Math.round(((largest?.width ?? 0) * 1200) / 1800),
    ]);

    second.child.kill('SIGTERM');
    await second.exited;
  }, 120_000);
});
