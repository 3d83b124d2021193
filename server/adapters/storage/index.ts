import type { Config } from '../../config.ts';
import { createDiskStorage } from './disk-driver.ts';
import { createS3Storage } from './s3-driver.ts';
import type { Storage } from './storage.ts';

/** S3 when S3_BUCKET is set, else DATA_DIR/media on this machine. */
export function createStorage(config: Pick<Config, 's3' | 'media'>): Storage {
  return config.s3 ? createS3Storage(config.s3, config.media.dir) : createDiskStorage(config.media.dir);
}

export type { Storage } from './storage.ts';
