import { createFfmpeg, type Ffmpeg } from '../adapters/ffmpeg.ts';
import { createDiskStorage } from '../adapters/storage/disk-driver.ts';
import { createStorage } from '../adapters/storage/index.ts';
import type { Storage } from '../adapters/storage/storage.ts';
import { createUploadStore, type UploadStore } from '../adapters/uploads.ts';
import type { Config } from '../config.ts';

/** Temporary files untouched this long are stale whoever owns them (see the sweep job). */
const STALE_AFTER_MS = 60 * 60_000;

/** The media machinery both the web process and the worker need, built from the config. */
export interface MediaRuntime {
  storage: Storage;
  uploads: UploadStore;
  ffmpeg: Ffmpeg;
  /** Local disk for spooled uploads and processing outputs (DATA_DIR/media/.tmp). */
  scratchRoot: string;
  /** First wait before a failed processing job runs again, in seconds (MEDIA_RETRY_DELAY_SECONDS). */
  retryDelaySeconds: number;
}

export async function createMediaRuntime(config: Pick<Config, 's3' | 'media'>): Promise<MediaRuntime> {
  // Scratch files of a process that crashed on this machine go before this one takes any upload
  // (whether or not it runs jobs); the sweep job handles the rest (S3, other machines, old uploads).
  await createDiskStorage(config.media.dir).sweepTemporary(new Date(Date.now() - STALE_AFTER_MS));
  return {
    storage: createStorage(config),
    uploads: await createUploadStore(config),
    ffmpeg: createFfmpeg({
      concurrency: config.media.ffmpegConcurrency,
      ffmpegPath: config.media.ffmpegPath,
      ffprobePath: config.media.ffprobePath,
    }),
    scratchRoot: config.media.dir,
    retryDelaySeconds: config.media.retryDelaySeconds,
  };
}
