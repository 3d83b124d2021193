import { Readable } from 'node:stream';
import { mediaMessages } from '../../../common/schemas/media.ts';
import type { RateLimiter } from '../../adapters/rate-limit/index.ts';
import type { Storage } from '../../adapters/storage/storage.ts';
import type { MediaVariant } from '../../db/schema/media.ts';
import { rateLimited } from '../../errors.ts';
import { consume, rateLimits } from '../../lib/rate-limits.ts';
import type { RenderedFile } from './image-processing.ts';

const EXTENSIONS: Record<string, string> = {
  'image/webp': 'webp',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'video/mp4': 'mp4',
  'video/iso.segment': 'm4s',
  'application/vnd.apple.mpegurl': 'm3u8',
  'application/pdf': 'pdf',
};

export const extensionOf = (mime: string) => EXTENSIONS[mime] ?? 'bin';

/** `<mediaId>/<variant>.<ext>`: made of our ids only. */
export const variantKey = (mediaId: string, variant: string, mime: string) =>
  `${mediaId}/${variant}.${extensionOf(mime)}`;

/** Puts rendered buffers (small: derivatives, never uploads) under the media's folder. */
export async function storeRendered(
  storage: Storage,
  mediaId: string,
  files: RenderedFile[],
): Promise<Record<string, MediaVariant>> {
  const variants: Record<string, MediaVariant> = {};
  for (const file of files) {
    const key = variantKey(mediaId, file.name, file.mime);
    const { size } = await storage.put(key, Readable.from([file.data]), {
      maxBytes: file.data.length,
      contentType: file.mime,
    });
    variants[file.name] = { key, mime: file.mime, size, width: file.width, height: file.height };
  }
  return variants;
}

/** Uploads per account and per address in an hour (server/lib/rate-limits.ts, from limits.media). */
export async function assertUploadAllowed(limiter: RateLimiter, userId: string, ip: string): Promise<void> {
  const wait =
    (await consume(limiter, rateLimits.mediaUploadsPerUser, userId)) ??
    (await consume(limiter, rateLimits.mediaUploadsPerIp, ip));
  if (wait !== null) throw rateLimited(mediaMessages.tooManyUploads, wait);
}
