import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { MediaView } from '../../common/schemas/media.ts';
import type { PostView } from '../../common/schemas/posts.ts';
import { createS3Client } from '../adapters/storage/s3-driver.ts';
import { media } from '../db/schema/index.ts';
import { type AccountsTestApp, bearer, uniqueIp } from './accounts.ts';
import { createTestClock } from './clock.ts';
import { createTestApp } from './helpers.ts';
import { jpeg } from './media-fixtures.ts';
import { startTestS3Server, type TestS3Server } from './s3-server.ts';
import { startSmtpCapture } from './smtp-capture.ts';

export type StorageDriver = 'disk' | 's3';
/** For `describe.each`: every media test that stores bytes runs on both drivers. */
export const STORAGE_DRIVERS: StorageDriver[] = ['disk', 's3'];

export interface MediaTestApp extends AccountsTestApp {
  driver: StorageDriver;
  /** The S3 server the app stores media in (driver 's3'), started for this app. */
  s3: TestS3Server | null;
}

/**
 * Like createAccountsTestApp, with background jobs running when asked (media processing), and
 * media on local disk or in a real S3-compatible server started here (its presigned URLs checked
 * against the test's clock).
 */
export async function createMediaTestApp(
  env: Record<string, string> = {},
  options: { runJobs?: boolean; driver?: StorageDriver } = {},
): Promise<MediaTestApp> {
  const s3 = options.driver === 's3' ? await startTestS3Server() : null;
  const smtp = await startSmtpCapture();
  const clock = createTestClock();
  s3?.setClock(() => clock.now());
  const t = await createTestApp(
    { SMTP_URL: smtp.url, ...s3?.env, ...env },
    { runJobs: options.runJobs ?? false, clock },
  );
  return {
    ...t,
    smtp,
    clock,
    driver: s3 ? 's3' : 'disk',
    s3,
    async close() {
      await t.close();
      await smtp.close();
      await s3?.close();
    },
  };
}

export interface FilePart {
  data: Buffer;
  filename?: string;
  type?: string;
  field?: string;
}

/** A multipart/form-data body with one file part, built by hand (names are sent as given). */
export function multipartBody(part: FilePart): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----fp${randomBytes(8).toString('hex')}`;
  const head =
    `--${boundary}\r\n` +
    `Content-Disposition: form-data; name="${part.field ?? 'file'}"; filename="${part.filename ?? 'upload.jpg'}"\r\n` +
    `Content-Type: ${part.type ?? 'image/jpeg'}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head, 'latin1'), part.data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export function upload(
  t: AccountsTestApp,
  target: string,
  token: string | null,
  part: FilePart,
): Promise<LightMyRequestResponse> {
  const { payload, headers } = multipartBody(part);
  return t.app.inject({
    method: 'POST',
    url: `/api/media/upload/${target}`,
    payload,
    remoteAddress: uniqueIp(),
    headers: { ...headers, ...(token ? bearer(token) : {}) },
  });
}

/** A URL from a media object, as a path the app can be injected with. */
export function pathOf(t: AccountsTestApp, url: string): string {
  return url.startsWith(t.config.publicUrl) ? url.slice(t.config.publicUrl.length) : url;
}

export function fetchUrl(t: AccountsTestApp, url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url: pathOf(t, url), headers });
}

/** Every file under the media directory (storage, scratch and resumable uploads alike). */
export function storedFiles(t: AccountsTestApp): string[] {
  const root = t.config.media.dir;
  const walk = (dir: string): string[] =>
    existsSync(dir)
      ? readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
          entry.isDirectory()
            ? walk(path.join(dir, entry.name))
            : [path.relative(root, path.join(dir, entry.name))],
        )
      : [];
  return walk(root);
}

/**
 * Everything stored for media, on whichever driver, named as on disk: `<id>/<variant>.<ext>` for
 * media, `.tmp/...` for temporary files and objects, `.uploads/...` for resumable uploads (on S3 a
 * multipart upload still open shows as `.uploads/<id>#multipart`, an open temporary one as
 * `.tmp/...#multipart`). Sorted.
 */
export async function storedObjects(t: MediaTestApp): Promise<string[]> {
  const local = storedFiles(t);
  if (!t.s3) return local.sort();
  const client = createS3Client({
    ...t.s3,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  });
  const name = (key: string) =>
    key.startsWith('media/')
      ? key.slice('media/'.length)
      : key.startsWith('tmp/')
        ? `.${key}`
        : `.uploads/${key}`;
  const keys: string[] = [];
  try {
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: t.s3.bucket, ContinuationToken: token }),
      );
      for (const item of page.Contents ?? []) if (item.Key) keys.push(name(item.Key));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  } finally {
    client.destroy();
  }
  const open = (await t.s3.openMultipartUploads()).map((upload) => `${name(upload.key)}#multipart`);
  return [...local, ...keys, ...open].sort();
}

export interface FetchedMedia {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  rawPayload: Buffer;
  body: string;
  json<T = unknown>(): T;
}

/**
 * GETs a media URL wherever it points: the app's own routes are injected, anything else (S3's
 * presigned URLs) is fetched over the network from the test's S3 server.
 */
export async function fetchMedia(
  t: AccountsTestApp,
  url: string,
  headers: Record<string, string> = {},
): Promise<FetchedMedia> {
  if (url.startsWith(t.config.publicUrl) || url.startsWith('/')) return fetchUrl(t, url, headers);
  const response = await fetch(url, { headers });
  const rawPayload = Buffer.from(await response.arrayBuffer());
  return {
    statusCode: response.status,
    headers: Object.fromEntries(response.headers),
    rawPayload,
    body: rawPayload.toString(),
    json: <T>() => JSON.parse(rawPayload.toString()) as T,
  };
}

/**
 * A post photo's largest WebP rendition as this viewer (a token, or a visitor) is given it: the
 * marked copy of their delivery, with its URL and the post as they saw it.
 */
export async function deliveredPhoto(
  t: AccountsTestApp,
  token: string | undefined,
  postId: string,
): Promise<{ url: string; bytes: Buffer; view: PostView }> {
  const answer = await t.app.inject({
    method: 'GET',
    url: `/api/posts/${postId}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  expect(answer.statusCode).toBe(200);
  const view = answer.json<PostView>();
  const source = (view.media?.urls.sources ?? []).filter((item) => item.type === 'image/webp').at(-1);
  if (!source) throw new Error('no full rendition');
  const file = await fetchMedia(t, source.url);
  expect(file.statusCode).toBe(200);
  return { url: source.url, bytes: file.rawPayload, view };
}

/** POST /api/leaks/trace with a copy found elsewhere (a photo or a recording), as this user. */
export function traceCopy(
  t: AccountsTestApp,
  token: string,
  data: Buffer,
  file: { filename: string; type: string } = { filename: 'found.jpg', type: 'image/jpeg' },
) {
  const { payload, headers } = multipartBody({ ...file, data });
  return t.app.inject({
    method: 'POST',
    url: '/api/leaks/trace',
    headers: { ...headers, authorization: `Bearer ${token}` },
    payload,
  });
}

export async function mediaRows(t: AccountsTestApp) {
  return t.app.services.database.db.select().from(media);
}

/** Every URL in a media object, wherever it sits. */
export function urlsIn(view: MediaView): string[] {
  return [
    view.url,
    view.urls.preview,
    view.urls.poster,
    view.urls.video,
    view.urls.hls,
    view.urls.document,
    ...view.urls.sources.map((source) => source.url),
  ].filter((url): url is string => url !== null);
}

const TUS = { 'tus-resumable': '1.0.0' };

/** tus creation: POST with the length; returns the upload's path. */
export async function tusCreate(
  t: AccountsTestApp,
  token: string | null,
  length: number,
  metadata: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const encoded = Object.entries(metadata)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
  return t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    remoteAddress: uniqueIp(),
    headers: {
      ...TUS,
      'upload-length': String(length),
      ...(encoded ? { 'upload-metadata': encoded } : {}),
      ...(token ? bearer(token) : {}),
    },
  });
}

export function tusPatch(
  t: AccountsTestApp,
  token: string,
  location: string,
  offset: number,
  chunk: Buffer,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'PATCH',
    url: location,
    payload: chunk,
    headers: {
      ...TUS,
      ...bearer(token),
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
  });
}

export function tusHead(t: AccountsTestApp, token: string, location: string) {
  return t.app.inject({ method: 'HEAD', url: location, headers: { ...TUS, ...bearer(token) } });
}

/** Uploads `data` through tus in two PATCH requests, asking the server for the offset in between. */
export async function tusUpload(
  t: AccountsTestApp,
  token: string,
  data: Buffer,
  metadata: Record<string, string> = {},
): Promise<{ location: string; last: LightMyRequestResponse }> {
  const created = await tusCreate(t, token, data.length, metadata);
  if (created.statusCode !== 201) throw new Error(`tus create: ${created.statusCode} ${created.body}`);
  const location = created.headers.location as string;
  const half = Math.floor(data.length / 2);
  const first = await tusPatch(t, token, location, 0, data.subarray(0, half));
  if (first.statusCode !== 204) throw new Error(`tus patch: ${first.statusCode} ${first.body}`);
  const offset = Number((await tusHead(t, token, location)).headers['upload-offset']);
  const last = await tusPatch(t, token, location, offset, data.subarray(offset));
  return { location, last };
}

/** Polls the media object until it leaves `processing`. */
export async function waitForProcessing(
  t: AccountsTestApp,
  token: string,
  id: string,
  timeoutMs = 30_000,
): Promise<MediaView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const view = (
      await t.app.inject({ method: 'GET', url: `/api/media/${id}`, headers: bearer(token) })
    ).json<MediaView>();
    if (view.status !== 'processing') return view;
    if (Date.now() > deadline) throw new Error(`media ${id} still processing`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A processed photo of this user's (a JPEG through tus), ready to attach to a post or message. */
export async function uploadedPhoto(t: AccountsTestApp, token: string, width = 640): Promise<string> {
  const { last } = await tusUpload(t, token, await jpeg(width, 480), { filetype: 'image/jpeg' });
  const id = (JSON.parse(last.body) as MediaView).id;
  await waitForProcessing(t, token, id);
  return id;
}

/** The app on a real port (127.0.0.1), for tests that need a socket: streaming limits, aborts. */
export async function listen(t: AccountsTestApp): Promise<string> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/**
 * Streams a multipart upload of `total` bytes (a JPEG header, then filler) over a real socket and
 * reports how much the client had produced when the answer came.
 */
export function streamUpload(
  base: string,
  target: string,
  token: string,
  options: { head: Buffer; total: number },
): Promise<{ status: number | null; body: string; headers: Record<string, unknown>; produced: number }> {
  const boundary = `----fp${randomBytes(8).toString('hex')}`;
  return new Promise((resolve, reject) => {
    let produced = 0;
    let done = false;
    const request = httpRequest(`${base}/api/media/upload/${target}`, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        authorization: `Bearer ${token}`,
      },
    });
    const finish = (result: { status: number | null; body: string; headers: Record<string, unknown> }) => {
      if (done) return;
      done = true;
      resolve({ ...result, produced });
    };
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        finish({
          status: response.statusCode ?? null,
          body: Buffer.concat(chunks).toString(),
          headers: response.headers,
        }),
      );
    });
    request.on('error', (error) => {
      if (produced > 0) finish({ status: null, body: '', headers: {} });
      else reject(error);
    });
    request.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
    request.write(options.head);
    const filler = Buffer.alloc(64 * 1024, 0x55);
    const pump = () => {
      while (!done) {
        if (produced >= options.total) {
          request.end(`\r\n--${boundary}--\r\n`);
          return;
        }
        produced += filler.length;
        if (!request.write(filler)) {
          request.once('drain', pump);
          return;
        }
      }
    };
    pump();
  });
}

/**
 * A client that crashes: a multipart upload announcing `total` bytes over a raw socket, of which
 * only `sent` arrive before the connection is dropped (once `beforeCrash` resolves).
 */
export async function crashMidUpload(
  base: string,
  target: string,
  token: string,
  options: { head: Buffer; total: number; sent: number; beforeCrash: () => Promise<void> },
): Promise<void> {
  const { port } = new URL(base);
  const boundary = `----fp${randomBytes(8).toString('hex')}`;
  const preamble = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const socket = connect(Number(port), '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  socket.on('error', () => {});
  socket.write(
    `POST /api/media/upload/${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
      `Authorization: Bearer ${token}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
      `Content-Length: ${preamble.length + options.total}\r\n\r\n`,
  );
  socket.write(preamble);
  socket.write(options.head);
  const filler = Buffer.alloc(64 * 1024, 0x55);
  for (let sent = options.head.length; sent < options.sent; sent += filler.length) {
    if (!socket.write(filler)) await new Promise((resolve) => socket.once('drain', resolve));
  }
  await options.beforeCrash();
  socket.destroy();
}

/** The greyscale pixels of an image, to compare two copies region by region. */
async function greyPixels(bytes: Buffer) {
  const { data, info } = await sharp(bytes).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * The share of pixels that changed a lot (by more than 64 of 255 in grey) inside and outside the
 * bottom-right corner (its quarter of rows, half of columns): the mark's strokes change pixels a
 * lot, a second encoding or the invisible per-viewer mark (server/lib/photo-mark.ts) only a little.
 */
export async function markDifference(a: Buffer, b: Buffer) {
  const x = await greyPixels(a);
  const y = await greyPixels(b);
  expect([x.width, x.height]).toEqual([y.width, y.height]);
  let corner = 0;
  let cornerCount = 0;
  let rest = 0;
  let restCount = 0;
  for (let row = 0; row < x.height; row++) {
    for (let col = 0; col < x.width; col++) {
      const i = row * x.width + col;
      const changed = Math.abs((x.data[i] ?? 0) - (y.data[i] ?? 0)) > 64 ? 1 : 0;
      if (row >= x.height * 0.75 && col >= x.width * 0.5) {
        corner += changed;
        cornerCount++;
      } else {
        rest += changed;
        restCount++;
      }
    }
  }
  return { corner: corner / cornerCount, rest: rest / restCount };
}
