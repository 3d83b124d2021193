import type { Readable } from 'node:stream';
import { type Entry, fromBufferPromise } from 'yauzl';

async function bytes(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Every file of a zip, by name, read one entry after another. */
export async function unzip(data: Buffer): Promise<Map<string, Buffer>> {
  const zip = await fromBufferPromise(data, { lazyEntries: true });
  const files = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: Entry) => {
      zip
        .openReadStreamPromise(entry)
        .then(bytes)
        .then((content) => {
          files.set(entry.fileName, content);
          zip.readEntry();
        }, reject);
    });
    zip.on('end', () => resolve());
    zip.on('error', reject);
    zip.readEntry();
  });
  return files;
}
