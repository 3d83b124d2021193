import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { scratchPath } from '../../adapters/storage/disk-driver.ts';
import { ByteCounter } from '../../lib/streams.ts';

/**
 * Streams an upload to a scratch file (never into memory), failing with SizeLimitExceededError as
 * soon as it passes `maxBytes`; on any failure the partial file is removed.
 */
export async function spoolToScratch(
  body: Readable,
  options: { scratchRoot: string; maxBytes: number },
): Promise<{ path: string; size: number }> {
  const file = await scratchPath(options.scratchRoot);
  const counter = new ByteCounter(options.maxBytes);
  try {
    await pipeline(body, counter, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
    return { path: file, size: counter.bytes };
  } catch (error) {
    body.destroy();
    await rm(file, { force: true });
    throw error;
  }
}
