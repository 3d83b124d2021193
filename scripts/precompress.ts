import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/**
 * The built web app's text files, compressed once at build time: `<file>.br` (brotli at its highest
 * quality) and `<file>.gz` (gzip level 9) beside each, which the server sends as they are
 * (server/plugins/web-app.ts, `preCompressed`). Compressing them on every request cost the server
 * about a second of CPU per first visit (the page's files, then the service worker's copies of
 * them), and at the on-the-fly quality (brotli 4) the files are larger on the wire.
 */

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Text the browser fetches; fonts and pictures are compressed already, source maps are for tools. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/** Below this the server does not compress either (app.ts, the compress plugin's threshold). */
export const PRECOMPRESS_MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Writes `.br` and `.gz` beside every compressible file of `dir` of at least PRECOMPRESS_MIN_BYTES,
 * each only where it is smaller than the file. Returns how many files it compressed.
 */
export async function precompress(dir: string): Promise<number> {
  const files = await filesUnder(dir);
  let compressed = 0;
  // A few at a time: brotli's highest quality is slow, and each runs on the thread pool.
  const queue = [...files];
  const worker = async () => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      const bytes = await readFile(file);
      if (bytes.length < PRECOMPRESS_MIN_BYTES) continue;
      const [br, gz] = await Promise.all([
        brotli(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        gzipped(bytes, { level: 9 }),
      ]);
      if (br.length < bytes.length) await writeFile(`${file}.br`, br);
      if (gz.length < bytes.length) await writeFile(`${file}.gz`, gz);
      if (br.length < bytes.length || gz.length < bytes.length) compressed += 1;
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return compressed;
}
