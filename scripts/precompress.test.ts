import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { PRECOMPRESS_MIN_BYTES, precompress } from './precompress.ts';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('precompress', () => {
  it('writes a brotli and a gzip copy of each text file worth compressing, and of nothing else', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'fp-precompress-'));
    mkdirSync(path.join(dir, 'assets', 'deep'), { recursive: true });
    const script = `console.log(${JSON.stringify('a fan pays a creator. '.repeat(200))});`;
    const files: Record<string, string | Buffer> = {
      'index.html': `<!doctype html><title>Fanplace</title>${'<p>page</p>'.repeat(200)}`,
      'assets/deep/page-abc.js': script,
      'assets/style-abc.css': `.a{color:red}`.repeat(200),
      // Too small to be worth it, as the server's own threshold says.
      'assets/tiny-abc.js': 'export {}',
      // Compressed already, or for tools only.
      'assets/font-abc.woff2': Buffer.alloc(4000, 7),
      'assets/page-abc.js.map': JSON.stringify({ mappings: 'A'.repeat(5000) }),
    };
    for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, name), content);
    expect(Buffer.byteLength(files['assets/tiny-abc.js'] as string)).toBeLessThan(PRECOMPRESS_MIN_BYTES);

    expect(await precompress(dir)).toBe(3);
    for (const name of ['index.html', 'assets/deep/page-abc.js', 'assets/style-abc.css']) {
      const original = readFileSync(path.join(dir, name));
      const br = readFileSync(path.join(dir, `${name}.br`));
      const gz = readFileSync(path.join(dir, `${name}.gz`));
      expect(brotliDecompressSync(br).equals(original), name).toBe(true);
      expect(gunzipSync(gz).equals(original), name).toBe(true);
      expect(br.length, name).toBeLessThan(original.length);
    }
    for (const name of ['assets/tiny-abc.js', 'assets/font-abc.woff2', 'assets/page-abc.js.map']) {
      expect(existsSync(path.join(dir, `${name}.br`)), name).toBe(false);
      expect(existsSync(path.join(dir, `${name}.gz`)), name).toBe(false);
    }
  });
});
