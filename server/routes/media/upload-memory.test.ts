import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from '../../test/accounts.ts';
import { createMediaTestApp, listen, type MediaTestApp, tusCreate } from '../../test/media.ts';

const MB = 1024 * 1024;
const BODY_BYTES = 48 * MB;

/**
 * PATCHes `bytes` over a real socket (a few distinct 64 KiB chunks in turn, so nothing is
 * allocated per chunk on this side) while sampling this process's ArrayBuffer memory.
 */
function patchOverSocket(
  url: string,
  token: string,
  bytes: number,
): Promise<{ status: number; offset: string | undefined; sha256: string; peakGrowth: number }> {
  const chunks = Array.from({ length: 7 }, () => randomBytes(64 * 1024));
  const hash = createHash('sha256');
  const start = process.memoryUsage().arrayBuffers;
  let peak = start;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().arrayBuffers);
  }, 5);
  return new Promise((resolve, reject) => {
    const upload = request(url, {
      method: 'PATCH',
      headers: {
        'tus-resumable': '1.0.0',
        authorization: `Bearer ${token}`,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': String(bytes),
      },
    });
    upload.on('error', reject);
    upload.on('response', (response) => {
      response.resume();
      response.on('end', () => {
        clearInterval(sampler);
        resolve({
          status: response.statusCode ?? 0,
          offset: response.headers['upload-offset'] as string | undefined,
          sha256: hash.digest('hex'),
          peakGrowth: peak - start,
        });
      });
    });
    let sent = 0;
    const pump = () => {
      while (sent < bytes) {
        const chunk = chunks[(sent / (64 * 1024)) % chunks.length] as Buffer;
        sent += chunk.length;
        hash.update(chunk);
        if (!upload.write(chunk)) {
          upload.once('drain', pump);
          return;
        }
      }
      upload.end();
    };
    pump();
  });
}

describe('disk storage: the memory a tus upload takes', () => {
  let t: MediaTestApp;
  let token: string;
  beforeAll(async () => {
    t = await createMediaTestApp({}, { driver: 'disk' });
    token = (await signUpVerified(t)).token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores a body byte for byte while holding only the chunks in flight, not what the GC has yet to collect', async () => {
    const base = await listen(t);
    // One byte more than is sent: the upload stays unfinished, its bytes on disk to compare.
    const created = await tusCreate(t, token, BODY_BYTES + 1);
    const location = created.headers.location as string;
    const sent = await patchOverSocket(`${base}${location}`, token, BODY_BYTES);
    expect(sent.status).toBe(204);
    expect(sent.offset).toBe(String(BODY_BYTES));
    const stored = readFileSync(path.join(t.config.media.dir, '.uploads', path.basename(location)));
    expect(stored.length).toBe(BODY_BYTES);
    expect(createHash('sha256').update(stored).digest('hex')).toBe(sent.sha256);
    // Each body chunk is freed once written. Copied, or left to the GC, they pile up to ~64 MB
    // (V8 collects ArrayBuffers by their total) before anything is collected.
    expect(sent.peakGrowth).toBeLessThan(16 * MB);
  });
});
