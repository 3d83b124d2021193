import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from '../../test/accounts.ts';
import { createMediaTestApp, listen, type MediaTestApp, tusCreate } from '../../test/media.ts';

const MB = 1024 * 1024;
const BODY_BYTES = 48 * MB;

/** PATCHes `bytes` over a real socket (a few distinct 64 KiB chunks in turn), hashing what it sends. */
function patchOverSocket(
  url: string,
  token: string,
  bytes: number,
): Promise<{ status: number; offset: string | undefined; sha256: string }> {
  const chunks = Array.from({ length: 7 }, () => randomBytes(64 * 1024));
  const hash = createHash('sha256');
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
        resolve({
          status: response.statusCode ?? 0,
          offset: response.headers['upload-offset'] as string | undefined,
          sha256: hash.digest('hex'),
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

describe('disk storage: a tus body over a real socket, each chunk freed once written', () => {
  let t: MediaTestApp;
  let token: string;
  beforeAll(async () => {
    t = await createMediaTestApp({}, { driver: 'disk' });
    token = (await signUpVerified(t)).token;
  });
  afterAll(async () => {
    await t.close();
  });

  it("stores the body byte for byte: freeing the parser's chunks never touches bytes still to be written", async () => {
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
    // How much memory this saves is measured by `npm run bench:media`; that each chunk is freed is
    // checked in server/lib/streams.test.ts.
  });
});
