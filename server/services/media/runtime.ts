import { createFfmpeg, type Ffmpeg } from '../../adapters/ffmpeg.ts';
import { createStorage } from '../../adapters/storage/index.ts';
import type { Storage } from '../../adapters/storage/storage.ts';
import { createUploadStore, type UploadStore } from '../../adapters/uploads.ts';
import type { Config } from '../../config.ts';

/** The media machinery both the web process and the worker need, built from the config. */
export interface MediaRuntime {
  storage: Storage;
  uploads: UploadStore;
  ffmpeg: Ffmpeg;
  /** Local disk for spooled uploads and processing outputs (DATA_DIR/media/.tmp). */
  scratchRoot: string;
}

export async function createMediaRuntime(config: Pick<Config, 's3' | 'media'>): Promise<MediaRuntime> {
  return {
    storage: createStorage(config),
    uploads: await createUploadStore(config),
    ffmpeg: createFfmpeg({ concurrency: config.media.ffmpegConcurrency }),
    scratchRoot: config.media.dir,
  };
}
