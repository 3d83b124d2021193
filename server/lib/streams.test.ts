import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestBody, writeChunksAt } from './streams.ts';

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('requestBody and writeChunksAt', () => {
  let dir: string;
  let server: Server;
  let base: string;
  /** The last request's chunks as they reached the writer, with their length then. */
  let chunks: { chunk: Uint8Array; length: number }[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'fp-streams-'));
    server = createServer((req, res) => {
      const file = path.join(dir, String(req.url?.slice(1)));
      writeFileSync(file, 'head');
      chunks = [];
      const source = Readable.fromWeb(requestBody(req)).on('data', (chunk: Uint8Array) => {
        chunks.push({ chunk, length: chunk.byteLength });
      });
      writeChunksAt(source, file, 4).then(
        (written) => res.end(String(written)),
        () => res.destroy(),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes a real connection’s body byte for byte and frees each chunk once it is on disk', async () => {
    const body = randomBytes(3 * 1024 * 1024 + 17);
    const answer = await new Promise<string>((resolve, reject) => {
      const upload = request(`${base}/one`, { method: 'PUT', headers: { 'content-length': body.length } });
      upload.on('error', reject);
      upload.on('response', (response) => {
        let text = '';
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => resolve(text));
      });
      // Several writes, so the body arrives in many chunks.
      for (let at = 0; at < body.length; at += 100_000) upload.write(body.subarray(at, at + 100_000));
      upload.end();
    });
    expect(Number(answer)).toBe(body.length);
    const stored = readFileSync(path.join(dir, 'one'));
    expect(stored.subarray(0, 4).toString()).toBe('head');
    expect(sha(stored.subarray(4))).toBe(sha(body));
    expect(chunks.length).toBeGreaterThan(5);
    // Every chunk had bytes, and every one was emptied (its memory freed) once written.
    expect(chunks.every(({ chunk, length }) => length > 0 && chunk.byteLength === 0)).toBe(true);
  });

  it('never frees a buffer it did not get from a socket (an injected request’s payload is the caller’s)', async () => {
    const file = path.join(dir, 'two');
    writeFileSync(file, '');
    const payload = randomBytes(256 * 1024);
    const copy = Buffer.from(payload);
    const written = await writeChunksAt(Readable.fromWeb(requestBody(Readable.from([payload]))), file, 0);
    expect(written).toBe(payload.length);
    expect(payload.byteLength).toBe(copy.byteLength);
    expect(payload.equals(copy)).toBe(true);
    expect(readFileSync(file).equals(copy)).toBe(true);
  });
});
