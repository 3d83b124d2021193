import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { ByteCounter } from '../../lib/streams.ts';
import { scratchPath } from './disk-driver.ts';
import { assertValidKey, type Storage } from './storage.ts';
import { ownerIsGone, PROCESS_TEMP_ID } from './temp-space.ts';

export interface S3Settings {
  bucket: string;
  endpoint: string | null;
  region: string;
  accessKeyId: string | null;
  secretAccessKey: string | null;
}

/** Where media objects live in the bucket (the app's prefix). */
export const MEDIA_PREFIX = 'media/';
/** Temporary objects: `tmp/<process temp id>/<uuid>`, so a sweep knows whose they are. */
const TEMP_PREFIX = 'tmp/';

/** Whether a temporary object or upload (last touched at `lastSeen`) may go. */
function tempIsStale(key: string, lastSeen: Date | undefined, before: Date): boolean {
  if (!lastSeen) return false;
  const parts = key.slice(TEMP_PREFIX.length).split('/');
  return parts.length === 2 && parts[0] ? ownerIsGone(parts[0], lastSeen, before) : lastSeen < before;
}
/** lib-storage holds queueSize x partSize in memory per upload: 5 MiB parts, one at a time. */
const PART_SIZE = 5 * 1024 * 1024;

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
  });
}

function isNotFound(error: unknown): boolean {
  const details = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return (
    details.name === 'NotFound' || details.name === 'NoSuchKey' || details.$metadata?.httpStatusCode === 404
  );
}

/**
 * Media in an S3-compatible bucket under `media/`. Writes stream (multipart) to `tmp/<uuid>` and
 * are committed with CopyObject + DeleteObject, so an interrupted write never appears under its key.
 * `scratchRoot` is local disk for the copies ffmpeg and sharp read.
 */
export function createS3Storage(
  settings: S3Settings,
  scratchRoot: string,
  client = createS3Client(settings),
): Storage {
  const Bucket = settings.bucket;
  const objectKey = (key: string) => {
    assertValidKey(key);
    return `${MEDIA_PREFIX}${key}`;
  };

  async function deleteKeys(keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000);
      await client.send(
        new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
      );
    }
  }

  async function listKeys(prefix: string): Promise<{ key: string; lastModified: Date | undefined }[]> {
    const found: { key: string; lastModified: Date | undefined }[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const item of page.Contents ?? []) {
        if (item.Key) found.push({ key: item.Key, lastModified: item.LastModified });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found;
  }

  return {
    driver: 's3',

    async put(key, body, { maxBytes, contentType }) {
      const target = objectKey(key);
      const temp = `${TEMP_PREFIX}${PROCESS_TEMP_ID}/${randomUUID()}`;
      const counter = new ByteCounter(maxBytes);
      const upload = new Upload({
        client,
        params: { Bucket, Key: temp, Body: counter, ContentType: contentType },
        partSize: PART_SIZE,
        queueSize: 1,
        leavePartsOnError: false,
      });
      try {
        await Promise.all([pipeline(body, counter), upload.done()]);
        await client.send(
          new CopyObjectCommand({
            Bucket,
            Key: target,
            CopySource: `${Bucket}/${temp}`,
            ContentType: contentType,
            MetadataDirective: 'REPLACE',
          }),
        );
        return { size: counter.bytes };
      } catch (error) {
        body.destroy();
        await upload.abort().catch(() => {});
        throw error;
      } finally {
        await client.send(new DeleteObjectCommand({ Bucket, Key: temp })).catch(() => {});
      }
    },

    async get(key, range) {
      const response = await client.send(
        new GetObjectCommand({
          Bucket,
          Key: objectKey(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      if (!(response.Body instanceof Readable)) throw new Error('S3 returned no body stream');
      return response.Body;
    },

    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return { size: head.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },

    async deletePrefix(prefix) {
      // Listed again until nothing is left: a file written while the folder was being deleted
      // (a job still rendering it), or a key the store failed to delete, goes in the next round.
      const folder = `${objectKey(prefix.replace(/\/$/, ''))}/`;
      for (let round = 0; round < 3; round += 1) {
        const keys = await listKeys(folder);
        if (keys.length === 0) return;
        await deleteKeys(keys.map((item) => item.key));
      }
      if ((await listKeys(folder)).length > 0) throw new Error(`could not delete everything under ${prefix}`);
    },

    async presignedUrl(key, options) {
      const command = new GetObjectCommand({
        Bucket,
        Key: objectKey(key),
        ResponseContentType: options.contentType,
        ResponseContentDisposition: options.contentDisposition,
        ResponseCacheControl: `private, max-age=${options.expiresInSeconds}`,
      });
      return getSignedUrl(client, command, { expiresIn: options.expiresInSeconds, signingDate: options.now });
    },

    async openLocal(key) {
      const file = await scratchPath(scratchRoot);
      try {
        await pipeline(await this.get(key), createWriteStream(file, { flags: 'wx', mode: 0o600 }));
      } catch (error) {
        await rm(file, { force: true });
        throw error;
      }
      return { path: file, release: () => rm(file, { force: true }) };
    },

    async sweepTemporary(before) {
      const stale = (await listKeys(TEMP_PREFIX)).filter((item) =>
        tempIsStale(item.key, item.lastModified, before),
      );
      if (stale.length > 0) await deleteKeys(stale.map((item) => item.key));
      let aborted = 0;
      try {
        const uploads = await client.send(new ListMultipartUploadsCommand({ Bucket, Prefix: TEMP_PREFIX }));
        for (const item of uploads.Uploads ?? []) {
          if (!item.Key || !item.UploadId || !tempIsStale(item.Key, item.Initiated, before)) continue;
          await client.send(
            new AbortMultipartUploadCommand({ Bucket, Key: item.Key, UploadId: item.UploadId }),
          );
          aborted += 1;
        }
      } catch {
        // Some S3-compatible servers do not list multipart uploads; a bucket lifecycle rule covers them.
      }
      return stale.length + aborted;
    },
  };
}
