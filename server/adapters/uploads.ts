import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  type S3Client,
} from '@aws-sdk/client-s3';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { type DataStore, ERRORS, type Upload } from '@tus/utils';
import type { Config } from '../config.ts';
import { writeChunksAt } from '../lib/streams.ts';
import { scratchPath } from './storage/disk-driver.ts';
import { createS3Client, type S3Settings } from './storage/s3-driver.ts';
import type { LocalFile } from './storage/storage.ts';

/** Resumable (tus) uploads in progress: their own store, separate from finished media. */
export interface UploadStore {
  datastore: DataStore;
  getUpload(id: string): Promise<Upload | null>;
  /** The finished upload's bytes as a local file (the file itself on disk, a copy from S3). */
  localFile(id: string): Promise<LocalFile>;
  /** Forgets an upload and its bytes; nothing happens when it is already gone. */
  remove(id: string): Promise<void>;
  /** Removes uploads nobody touched since `before` (abandoned halfway); returns how many. */
  sweep(before: Date): Promise<number>;
}

/** tus ids are ours: uuids (see the route's namingFunction). */
const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * FileStore, writing each PATCH body with `writeChunksAt` instead of a write stream, so every
 * request body chunk is freed as soon as it is on disk (see `releaseChunk`): the memory of
 * concurrent uploads stays at the chunks in flight instead of what the next GC would collect.
 */
class ReleasingFileStore extends FileStore {
  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    if (!UPLOAD_ID.test(id)) throw ERRORS.FILE_NOT_FOUND;
    try {
      return offset + (await writeChunksAt(readable, path.join(this.directory, id), offset));
    } catch {
      throw ERRORS.FILE_WRITE_ERROR;
    }
  }
}

function createDiskUploadStore(directory: string): UploadStore {
  const datastore = new ReleasingFileStore({ directory });
  return {
    datastore,
    async getUpload(id) {
      if (!UPLOAD_ID.test(id)) return null;
      return datastore.getUpload(id).catch(() => null);
    },
    async localFile(id) {
      if (!UPLOAD_ID.test(id)) throw new Error('invalid upload id');
      return { path: path.join(directory, id), release: async () => {} };
    },
    async remove(id) {
      if (!UPLOAD_ID.test(id)) return;
      await rm(path.join(directory, id), { force: true });
      await rm(path.join(directory, `${id}.json`), { force: true });
    },
    async sweep(before) {
      let names: string[];
      try {
        names = await readdir(directory);
      } catch (error) {
        if (isMissing(error)) return 0;
        throw error;
      }
      let removed = 0;
      for (const name of names) {
        const id = name.replace(/\.json$/, '');
        if (!UPLOAD_ID.test(id) || name.endsWith('.json')) continue;
        const info = await stat(path.join(directory, name)).catch(() => null);
        if (info && info.mtime < before) {
          await this.remove(id);
          removed += 1;
        }
      }
      // Info files whose data is gone.
      for (const name of names.filter((entry) => entry.endsWith('.json'))) {
        const id = name.slice(0, -5);
        if (!UPLOAD_ID.test(id)) continue;
        const data = await stat(path.join(directory, id)).catch(() => null);
        const info = await stat(path.join(directory, name)).catch(() => null);
        if (!data && info && info.mtime < before) await rm(path.join(directory, name), { force: true });
      }
      return removed;
    },
  };
}

function createS3UploadStore(settings: S3Settings, scratchRoot: string, client: S3Client): UploadStore {
  const datastore = new S3Store({
    partSize: 8 * 1024 * 1024,
    s3ClientConfig: {
      bucket: settings.bucket,
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
    },
  });
  const Bucket = settings.bucket;
  return {
    datastore,
    async getUpload(id) {
      if (!UPLOAD_ID.test(id)) return null;
      return datastore.getUpload(id).catch(() => null);
    },
    async localFile(id) {
      if (!UPLOAD_ID.test(id)) throw new Error('invalid upload id');
      const file = await scratchPath(scratchRoot);
      try {
        const body = await datastore.read(id);
        await pipeline(body as Readable, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
      } catch (error) {
        await rm(file, { force: true });
        throw error;
      }
      return { path: file, release: () => rm(file, { force: true }) };
    },
    async remove(id) {
      if (!UPLOAD_ID.test(id)) return;
      await datastore.remove(id).catch(() => {});
      for (const Key of [id, `${id}.info`, `${id}.part`]) {
        await client.send(new DeleteObjectCommand({ Bucket, Key })).catch(() => {});
      }
    },
    async sweep(before) {
      const stale = new Set<string>();
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Delimiter: '/', ContinuationToken: token }),
        );
        for (const item of page.Contents ?? []) {
          const id = (item.Key ?? '').replace(/\.(info|part)$/, '');
          if (UPLOAD_ID.test(id) && item.LastModified && item.LastModified < before) stale.add(id);
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      try {
        const uploads = await client.send(new ListMultipartUploadsCommand({ Bucket }));
        for (const item of uploads.Uploads ?? []) {
          if (!item.Key || !item.UploadId || !UPLOAD_ID.test(item.Key)) continue;
          if (!item.Initiated || item.Initiated >= before) continue;
          await client.send(
            new AbortMultipartUploadCommand({ Bucket, Key: item.Key, UploadId: item.UploadId }),
          );
        }
      } catch {
        // Not every S3-compatible server lists multipart uploads; a lifecycle rule covers those.
      }
      for (const id of stale) await this.remove(id);
      return stale.size;
    },
  };
}

/** tus data on disk under DATA_DIR/media/.uploads, or in the S3 bucket (keys `<uuid>`, `<uuid>.info`). */
export async function createUploadStore(config: Pick<Config, 's3' | 'media'>): Promise<UploadStore> {
  if (config.s3) return createS3UploadStore(config.s3, config.media.dir, createS3Client(config.s3));
  const directory = path.join(config.media.dir, '.uploads');
  await mkdir(directory, { recursive: true });
  return createDiskUploadStore(directory);
}
