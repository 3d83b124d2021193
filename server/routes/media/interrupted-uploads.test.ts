import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepMediaTemp } from '../../jobs/sweep-media-temp.ts';
import { createMediaRuntime } from '../../modules/media-runtime.ts';
import { signUpVerified } from '../../test/accounts.ts';
import { HOUR } from '../../test/clock.ts';
import {
  crashMidUpload,
  createMediaTestApp,
  listen,
  type MediaTestApp,
  mediaRows,
  STORAGE_DRIVERS,
  storedObjects,
  tusCreate,
  tusHead,
  tusPatch,
} from '../../test/media.ts';
import { jpeg } from '../../test/media-fixtures.ts';

const MB = 1024 * 1024;

async function eventually(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(STORAGE_DRIVERS)('%s storage: a client that crashes mid-upload', (driver) => {
  let t: MediaTestApp;
  let token: string;
  beforeAll(async () => {
    t = await createMediaTestApp({}, { driver });
    token = (await signUpVerified(t)).token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('leaves no media and no temporary file (multipart)', async () => {
    const base = await listen(t);
    await crashMidUpload(base, 'property', token, {
      head: await jpeg(64, 64),
      total: 4 * MB,
      sent: 2 * MB,
      // Crash only once the server is writing its partial copy.
      beforeCrash: () =>
        eventually(async () => (await storedObjects(t)).some((file) => file.startsWith('.tmp/'))),
    });
    // The server notices the dropped connection and removes its partial copy on its own...
    await eventually(async () => (await storedObjects(t)).length === 0);
    expect(await mediaRows(t)).toEqual([]);
    // ...and the sweep would remove it otherwise.
    t.clock.advance(2 * HOUR);
    await sweepMediaTemp(await createMediaRuntime(t.config), t.clock);
    expect(await storedObjects(t)).toEqual([]);
  });

  it('keeps a resumable upload for a day, then sweeps it', async () => {
    const base = await listen(t);
    const created = await tusCreate(t, token, 4 * MB);
    const location = created.headers.location as string;
    // Half the bytes arrive, then the connection drops.
    const controller = new AbortController();
    const body = new ReadableStream<Uint8Array>({
      start(stream) {
        stream.enqueue(new Uint8Array(2 * MB));
        setTimeout(() => controller.abort(), 200);
      },
    });
    await fetch(`${base}${location}`, {
      method: 'PATCH',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        authorization: `Bearer ${token}`,
      },
      body,
      duplex: 'half',
      signal: controller.signal,
    } as RequestInit).catch(() => null);
    await eventually(async () => (await storedObjects(t)).some((file) => file.startsWith('.uploads/')));
    expect(await mediaRows(t)).toEqual([]);
    // What the server kept of the dropped request (S3 keeps whole 5 MiB parts only, so maybe none).
    const kept = Number((await tusHead(t, token, location)).headers['upload-offset']);
    expect(kept).toBeLessThanOrEqual(2 * MB);

    // Still resumable an hour later...
    t.clock.advance(2 * HOUR);
    const runtime = await createMediaRuntime(t.config);
    await sweepMediaTemp(runtime, t.clock);
    expect((await storedObjects(t)).some((file) => file.startsWith('.uploads/'))).toBe(true);
    expect(Number((await tusHead(t, token, location)).headers['upload-offset'])).toBe(kept);
    expect((await tusPatch(t, token, location, kept + 1, Buffer.alloc(0))).statusCode).toBe(409);

    // ...gone after a day.
    t.clock.advance(24 * HOUR);
    await sweepMediaTemp(runtime, t.clock);
    expect(await storedObjects(t)).toEqual([]);
    expect(await mediaRows(t)).toEqual([]);
  });
});
