import { createHash, createHmac } from 'node:crypto';
import { createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import S3rver, { type KoaContext, type S3rverStore } from 's3rver';

export interface TestS3Server {
  bucket: string;
  endpoint: string;
  /** The env that points the app's storage at this server. */
  env: Record<string, string>;
  /** Multipart uploads started and neither completed nor aborted (key and upload id). */
  openMultipartUploads(): Promise<{ key: string; uploadId: string }[]>;
  /** The clock presigned URLs are checked against (a test's clock; the real one by default). */
  setClock(now: () => Date): void;
  close(): Promise<void>;
}

const escapeXml = (value: string) => value.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

function xml(ctx: KoaContext, status: number, body: string): void {
  ctx.status = status;
  ctx.type = 'application/xml';
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
}

function noSuchUpload(ctx: KoaContext, uploadId: string): void {
  xml(
    ctx,
    404,
    '<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message>' +
      `<UploadId>${escapeXml(uploadId)}</UploadId></Error>`,
  );
}

/**
 * Undoes `Content-Encoding: aws-chunked` (`<hex size>[;chunk-signature=...]\r\n<bytes>\r\n` ...,
 * then `0\r\n` and trailing checksums), which the SDK uses for streamed bodies of unknown length
 * and which s3rver would otherwise store verbatim.
 */
function awsChunkedDecoder(): Transform {
  let pending = Buffer.alloc(0);
  let remaining = 0; // bytes of data left in the current chunk
  let skip = 0; // the \r\n after a chunk's data
  let done = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending = Buffer.concat([pending, chunk]);
      while (!done && pending.length > 0) {
        if (skip > 0) {
          const n = Math.min(skip, pending.length);
          skip -= n;
          pending = pending.subarray(n);
        } else if (remaining > 0) {
          const n = Math.min(remaining, pending.length);
          this.push(pending.subarray(0, n));
          remaining -= n;
          pending = pending.subarray(n);
          if (remaining === 0) skip = 2;
        } else {
          const end = pending.indexOf('\r\n');
          if (end < 0) break;
          const size = Number.parseInt(pending.subarray(0, end).toString('latin1').split(';')[0] ?? '', 16);
          pending = pending.subarray(end + 2);
          if (!Number.isFinite(size)) return callback(new Error('malformed aws-chunked body'));
          if (size === 0) done = true;
          remaining = size;
        }
      }
      if (done) pending = Buffer.alloc(0);
      callback();
    },
  });
}

const SECRET_KEY = 'S3RVER';
const rfc3986 = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/**
 * Checks a presigned (SigV4 query) GET as S3 does: the signature over method, path, query and
 * signed headers, and the expiry against `now`. s3rver itself skips V4 signatures entirely.
 */
function presignProblem(ctx: KoaContext, now: Date): string | null {
  const url = new URL(ctx.url, 'http://s3.local');
  const query = url.searchParams;
  const amzDate = query.get('X-Amz-Date') ?? '';
  const credential = (query.get('X-Amz-Credential') ?? '').split('/');
  const signedHeaders = (query.get('X-Amz-SignedHeaders') ?? '').split(';');
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!match || credential.length !== 5) return 'AuthorizationQueryParametersError';
  const [, y, mo, d, h, mi, se] = match;
  const signedAt = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${se}Z`);
  const expiresAt = signedAt + Number(query.get('X-Amz-Expires')) * 1000;
  const canonicalQuery = [...query]
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [rfc3986(name), rfc3986(value)])
    .sort(([a = ''], [b = '']) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const headers = signedHeaders.map((name) => `${name}:${String(ctx.headers[name] ?? '').trim()}\n`).join('');
  const canonical = [
    ctx.method,
    url.pathname,
    canonicalQuery,
    headers,
    signedHeaders.join(';'),
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const scope = credential.slice(1).join('/');
  const toSign = [
    'AWS4-HMAC-SHA256',
    amzDate,
    scope,
    createHash('sha256').update(canonical).digest('hex'),
  ].join('\n');
  const [day = '', region = '', service = ''] = credential.slice(1);
  const key = hmac(hmac(hmac(hmac(`AWS4${SECRET_KEY}`, day), region), service), 'aws4_request');
  if (createHmac('sha256', key).update(toSign).digest('hex') !== query.get('X-Amz-Signature')) {
    return 'SignatureDoesNotMatch';
  }
  return now.getTime() > expiresAt ? 'Request has expired' : null;
}

/**
 * The multipart operations s3rver 3 lacks and `@tus/s3-store` needs (ListParts, AbortMultipartUpload,
 * ListMultipartUploads), answered from the upload folders s3rver itself keeps
 * (`<bucket>/._S3rver_uploads/<upload id>/`: a `key` file, then `<n>` and `<n>.md5` per part).
 */
function multipartOperations(directory: string, now: () => Date) {
  const uploadsDir = (bucket: string) => path.join(directory, bucket, '._S3rver_uploads');
  const validId = (id: unknown): id is string => typeof id === 'string' && /^[0-9a-f]{32}$/.test(id);

  async function listUploads(bucket: string): Promise<{ key: string; uploadId: string; initiated: Date }[]> {
    const root = uploadsDir(bucket);
    if (!existsSync(root)) return [];
    const found = [];
    for (const uploadId of await readdir(root)) {
      const keyFile = path.join(root, uploadId, 'key');
      const key = await readFile(keyFile, 'utf8').catch(() => null);
      const info = await stat(keyFile).catch(() => null);
      if (key !== null && info) found.push({ key, uploadId, initiated: info.mtime });
    }
    return found.sort((a, b) => a.key.localeCompare(b.key) || a.uploadId.localeCompare(b.uploadId));
  }

  async function listParts(bucket: string, uploadId: string) {
    const dir = path.join(uploadsDir(bucket), uploadId);
    const parts = [];
    for (const name of await readdir(dir)) {
      // A part is listed once written whole (its .md5 file comes last).
      const match = /^(\d+)\.md5$/.exec(name);
      if (!match?.[1]) continue;
      const info = await stat(path.join(dir, match[1]));
      const md5 = (await readFile(path.join(dir, name), 'utf8')).trim();
      parts.push({ number: Number(match[1]), size: info.size, etag: `"${md5}"`, modified: info.mtime });
    }
    return parts.sort((a, b) => a.number - b.number);
  }

  const middleware = async (ctx: KoaContext, next: () => Promise<void>) => {
    const [, bucket, ...rest] = ctx.path.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const uploadId = ctx.query.uploadId;
    if (!bucket || !existsSync(path.join(directory, bucket))) return next();
    const encoding = String(ctx.headers['content-encoding'] ?? '');
    if (ctx.method === 'PUT' && encoding.split(',').some((token) => token.trim() === 'aws-chunked')) {
      const raw = ctx.req;
      const rest = encoding
        .split(',')
        .map((token) => token.trim())
        .filter((token) => token && token !== 'aws-chunked');
      if (rest.length > 0) raw.headers['content-encoding'] = rest.join(', ');
      else delete raw.headers['content-encoding'];
      raw.headers['content-length'] = String(raw.headers['x-amz-decoded-content-length'] ?? '');
      ctx.req = raw.pipe(awsChunkedDecoder()) as unknown as typeof raw;
    }
    // A private bucket, as media buckets are: a request signed neither way is refused.
    if (!ctx.headers.authorization && !('X-Amz-Signature' in ctx.query)) {
      xml(ctx, 403, '<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>');
      return;
    }
    if ((ctx.method === 'GET' || ctx.method === 'HEAD') && 'X-Amz-Signature' in ctx.query) {
      const problem = presignProblem(ctx, now());
      if (problem) {
        xml(ctx, 403, `<Error><Code>AccessDenied</Code><Message>${escapeXml(problem)}</Message></Error>`);
        return;
      }
    }
    // A suffix range (`bytes=-N`, the last N bytes), which s3rver does not understand.
    const suffix = /^bytes=-(\d+)$/.exec(String(ctx.headers.range ?? ''));
    if (ctx.method === 'GET' && suffix && key) {
      const parts = key.split('/');
      const last = parts.pop() ?? '';
      const object = await stat(path.join(directory, bucket, ...parts, `${last}._S3rver_object`)).catch(
        () => null,
      );
      if (object && object.size > 0) {
        const start = Math.max(0, object.size - Number(suffix[1]));
        ctx.req.headers.range = `bytes=${start}-${object.size - 1}`;
      }
    }

    if (ctx.method === 'GET' && key === '' && 'uploads' in ctx.query) {
      const prefix = typeof ctx.query.prefix === 'string' ? ctx.query.prefix : '';
      const uploads = (await listUploads(bucket)).filter((upload) => upload.key.startsWith(prefix));
      xml(
        ctx,
        200,
        `<ListMultipartUploadsResult><Bucket>${escapeXml(bucket)}</Bucket><Prefix>${escapeXml(prefix)}</Prefix>` +
          `<MaxUploads>1000</MaxUploads><IsTruncated>false</IsTruncated>${uploads
            .map(
              (upload) =>
                `<Upload><Key>${escapeXml(upload.key)}</Key><UploadId>${upload.uploadId}</UploadId>` +
                `<Initiated>${upload.initiated.toISOString()}</Initiated></Upload>`,
            )
            .join('')}</ListMultipartUploadsResult>`,
      );
      return;
    }
    if (key === '' || uploadId === undefined || (ctx.method !== 'GET' && ctx.method !== 'DELETE')) {
      return next();
    }
    const dir = path.join(uploadsDir(bucket), String(uploadId));
    const keyOnFile = validId(uploadId)
      ? await readFile(path.join(dir, 'key'), 'utf8').catch(() => null)
      : null;
    if (!validId(uploadId) || keyOnFile !== key) {
      noSuchUpload(ctx, String(uploadId));
      return;
    }
    if (ctx.method === 'DELETE') {
      await rm(dir, { recursive: true, force: true });
      ctx.status = 204;
      ctx.body = null;
      return;
    }
    const parts = await listParts(bucket, uploadId);
    xml(
      ctx,
      200,
      `<ListPartsResult><Bucket>${escapeXml(bucket)}</Bucket><Key>${escapeXml(key)}</Key>` +
        `<UploadId>${uploadId}</UploadId><MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>${parts
          .map(
            (part) =>
              `<Part><PartNumber>${part.number}</PartNumber><LastModified>${part.modified.toISOString()}</LastModified>` +
              `<ETag>${escapeXml(part.etag)}</ETag><Size>${part.size}</Size></Part>`,
          )
          .join('')}</ListPartsResult>`,
    );
  };
  return { middleware, listUploads };
}

/**
 * s3rver's store answers a PUT, and a CompleteMultipartUpload, once the bytes have gone through
 * its MD5 hash, not once they are in the object's file: a GET right after could read part of the
 * object, or nothing. The app reads a finished upload back at once, so on a busy machine it saw an
 * empty file ("Unsupported file type"). S3 reads back what it acknowledged; so does this store.
 */
function writeBeforeAnswering(store: S3rverStore): void {
  store.putObject = async (object) => {
    const file = store.getResourcePath(object.bucket, object.key, 'object');
    await mkdir(path.dirname(file), { recursive: true });
    const md5 = createHash('md5');
    let size = 0;
    if (Buffer.isBuffer(object.content)) {
      await writeFile(file, object.content);
      md5.update(object.content);
      size = object.content.length;
    } else {
      const hash = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          md5.update(chunk);
          size += chunk.length;
          callback(null, chunk);
        },
      });
      await pipeline(object.content, hash, createWriteStream(file));
    }
    const digest = md5.digest('hex');
    await store.putMetadata(object.bucket, object.key, object.metadata, digest);
    return { size, md5: digest };
  };
}

/**
 * A real S3-compatible server (s3rver, completed with the multipart listing and abort calls it
 * lacks, and answering writes only once they are on disk) on 127.0.0.1, with one empty bucket, in
 * a temp dir.
 */
export async function startTestS3Server(bucket = 'media'): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 'fp-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  writeBeforeAnswering(server.store);
  let clock = () => new Date();
  const extra = multipartOperations(directory, () => clock());
  // Before s3rver's router, so these requests never reach its "not implemented" answers.
  server.middleware.unshift(extra.middleware);
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    bucket,
    endpoint,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async openMultipartUploads() {
      return (await extra.listUploads(bucket)).map(({ key, uploadId }) => ({ key, uploadId }));
    },
    setClock(now) {
      clock = now;
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
