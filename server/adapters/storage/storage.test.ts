import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { CreateMultipartUploadCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3Server, type TestS3Server } from '../../test/s3-server.ts';
import { createDiskStorage } from './disk-driver.ts';
import { createS3Client, createS3Storage } from './s3-driver.ts';
import { SizeLimitExceededError, type Storage } from './storage.ts';
import { PROCESS_TEMP_ID } from './temp-space.ts';

const MB = 1024 * 1024;

/** A body that fails after `bytes` bytes, like a client whose connection dropped. */
function brokenBody(bytes: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= bytes) {
        this.destroy(new Error('connection reset'));
        return;
      }
      sent += 64 * 1024;
      this.push(randomBytes(64 * 1024));
    },
  });
}

interface Harness {
  storage: Storage;
  /** Every key present in the backing store, temporary ones (and open S3 multipart uploads) included. */
  allKeys(): Promise<string[]>;
  /** A temporary file (and on S3 an open multipart upload) of process `owner`, last touched at `at`. */
  plantTemp(owner: string, name: string, at: Date): Promise<void>;
  close(): Promise<void>;
}

/** The temp folder name another process on this machine would have. */
const ownerWithPid = (pid: number) => PROCESS_TEMP_ID.replace(/\.\d+\.([0-9a-f]+)$/, `.${pid}.$1`);

async function exitedPid(): Promise<number> {
  const child = spawn('true');
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid ?? 0;
}

async function diskHarness(): Promise<Harness> {
  const root = mkdtempSync(path.join(tmpdir(), 'fp-disk-'));
  const walk = (dir: string, prefix = ''): string[] =>
    existsSync(dir)
      ? readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
          entry.isDirectory()
            ? walk(path.join(dir, entry.name), `${prefix}${entry.name}/`)
            : [`${prefix}${entry.name}`],
        )
      : [];
  return {
    storage: createDiskStorage(root),
    allKeys: async () => walk(root),
    async plantTemp(owner, name, at) {
      const dir = path.join(root, '.tmp', owner);
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, name), 'partial');
      utimesSync(path.join(dir, name), at, at);
      utimesSync(dir, at, at);
    },
    close: async () => rmSync(root, { recursive: true, force: true }),
  };
}

async function s3Harness(): Promise<Harness> {
  const server: TestS3Server = await startTestS3Server();
  const scratch = mkdtempSync(path.join(tmpdir(), 'fp-scratch-'));
  const settings = {
    bucket: server.bucket,
    endpoint: server.endpoint,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
  const client = createS3Client(settings);
  return {
    storage: createS3Storage(settings, scratch, client),
    async allKeys() {
      const page = await client.send(new ListObjectsV2Command({ Bucket: server.bucket }));
      const open = (await server.openMultipartUploads()).map((upload) => `${upload.key}#multipart`);
      return [...(page.Contents ?? []).map((item) => item.Key ?? ''), ...open];
    },
    async plantTemp(owner, name) {
      const Key = `tmp/${owner}/${name}`;
      await client.send(new PutObjectCommand({ Bucket: server.bucket, Key, Body: 'partial' }));
      await client.send(new CreateMultipartUploadCommand({ Bucket: server.bucket, Key: `${Key}-part` }));
    },
    async close() {
      client.destroy();
      await server.close();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}

describe.each([
  ['disk', diskHarness],
  ['s3', s3Harness],
])('%s storage', (_name, makeHarness) => {
  let h: Harness;
  beforeAll(async () => {
    h = await makeHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  it('stores a stream under its key and reads it back whole and by range', async () => {
    const { size } = await h.storage.put('abc/one.txt', Readable.from([Buffer.from('hello world')]), {
      maxBytes: 100,
      contentType: 'text/plain',
    });
    expect(size).toBe(11);
    expect(await h.storage.stat('abc/one.txt')).toEqual({ size: 11 });
    expect(await text(await h.storage.get('abc/one.txt'))).toBe('hello world');
    expect(await text(await h.storage.get('abc/one.txt', { start: 6, end: 10 }))).toBe('world');
    const local = await h.storage.openLocal('abc/one.txt');
    expect(readFileSync(local.path, 'utf8')).toBe('hello world');
    await local.release();
  });

  it('streams a multi-part body (larger than one S3 part) without changing a byte', async () => {
    const data = randomBytes(6 * MB + 123);
    const chunks = Array.from({ length: Math.ceil(data.length / 65536) }, (_, i) =>
      data.subarray(i * 65536, (i + 1) * 65536),
    );
    await h.storage.put('big/file.bin', Readable.from(chunks), { maxBytes: 10 * MB, contentType: 'x/y' });
    const local = await h.storage.openLocal('big/file.bin');
    expect(readFileSync(local.path).equals(data)).toBe(true);
    await local.release();
  });

  it('refuses a body over the cap while streaming and keeps nothing, not even a temporary object', async () => {
    const before = await h.allKeys();
    let produced = 0;
    const endless = new Readable({
      read() {
        produced += 64 * 1024;
        this.push(Buffer.alloc(64 * 1024, 7));
      },
    });
    await expect(
      h.storage.put('cap/too-big.bin', endless, { maxBytes: 1 * MB, contentType: 'x/y' }),
    ).rejects.toBeInstanceOf(SizeLimitExceededError);
    // Stopped soon after the cap, not after reading an unbounded body.
    expect(produced).toBeLessThan(12 * MB);
    expect(await h.storage.stat('cap/too-big.bin')).toBeNull();
    expect(await h.allKeys()).toEqual(before);
  });

  it('leaves nothing visible when the body breaks halfway', async () => {
    const before = await h.allKeys();
    await expect(
      h.storage.put('broken/file.bin', brokenBody(2 * MB), { maxBytes: 10 * MB, contentType: 'x/y' }),
    ).rejects.toThrow();
    expect(await h.storage.stat('broken/file.bin')).toBeNull();
    expect(await h.allKeys()).toEqual(before);
  });

  it('deletes one key and whole prefixes', async () => {
    for (const name of ['a.txt', 'b.txt']) {
      await h.storage.put(`gone/${name}`, Readable.from([Buffer.from(name)]), {
        maxBytes: 10,
        contentType: 'text/plain',
      });
    }
    await h.storage.delete('gone/a.txt');
    expect(await h.storage.stat('gone/a.txt')).toBeNull();
    expect(await h.storage.stat('gone/b.txt')).toEqual({ size: 5 });
    await h.storage.deletePrefix('gone/');
    expect(await h.storage.stat('gone/b.txt')).toBeNull();
    await h.storage.delete('never/was.txt');
  });

  it('refuses keys that could escape their folder', async () => {
    for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a\0b', 'A/B']) {
      await expect(
        h.storage.put(key, Readable.from([Buffer.from('x')]), { maxBytes: 10, contentType: 'x/y' }),
      ).rejects.toThrow(/invalid storage key/);
    }
  });

  it('sweeps temporary objects older than the cut-off', async () => {
    expect(await h.storage.sweepTemporary(new Date(Date.now() + 60 * 60_000))).toBeGreaterThanOrEqual(0);
    expect((await h.allKeys()).filter((key) => key.startsWith('tmp/') || key.startsWith('.tmp/'))).toEqual(
      [],
    );
  });

  it("removes a crashed process's temporary files at once and never a live process's", async () => {
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    const live: ChildProcess = spawn('sleep', ['30']);
    try {
      const crashed = ownerWithPid(await exitedPid());
      const running = ownerWithPid(live.pid ?? 0);
      await h.plantTemp(crashed, 'crashed', minutesAgo(1));
      await h.plantTemp(running, 'running', minutesAgo(30));
      await h.plantTemp(PROCESS_TEMP_ID, 'ours', minutesAgo(300));
      // The sweep's cut-off is an hour: the crashed process's file is a minute old, and goes anyway.
      await h.storage.sweepTemporary(minutesAgo(60));
      const left = (await h.allKeys()).filter((key) => /^\.?tmp\//.test(key));
      expect(left.some((key) => key.includes('/crashed'))).toBe(false);
      expect(left.filter((key) => key.includes('/running')).length).toBeGreaterThan(0);
      expect(left.filter((key) => key.includes('/ours')).length).toBeGreaterThan(0);
    } finally {
      live.kill();
    }
  });
});

describe('s3 presigned URLs', () => {
  let server: TestS3Server;
  beforeAll(async () => {
    server = await startTestS3Server();
  });
  afterAll(async () => {
    await server.close();
  });

  it('are GETs on the object with the requested content type and disposition', async () => {
    const scratch = mkdtempSync(path.join(tmpdir(), 'fp-scratch-'));
    const storage = createS3Storage(
      {
        bucket: server.bucket,
        endpoint: server.endpoint,
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
      },
      scratch,
    );
    await storage.put('p/file.txt', Readable.from([Buffer.from('signed')]), {
      maxBytes: 10,
      contentType: 'text/plain',
    });
    const url = await storage.presignedUrl('p/file.txt', {
      expiresInSeconds: 600,
      contentType: 'text/plain',
      contentDisposition: 'inline; filename="file.txt"',
      now: new Date(),
    });
    expect(url).toContain('X-Amz-Signature=');
    const response = await fetch(url ?? '');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('signed');
    expect(response.headers.get('content-disposition')).toBe('inline; filename="file.txt"');
    // s3rver does not check signatures; the expiry the real service enforces is in the URL.
    expect(new URL(url ?? '').searchParams.get('X-Amz-Expires')).toBe('600');
    rmSync(scratch, { recursive: true, force: true });
  });
});
