import { createReadStream } from 'node:fs';
import { type MediaView, mediaMessages } from '../../../common/schemas/media.ts';
import type { Ffmpeg } from '../../adapters/ffmpeg.ts';
import type { RateLimiter } from '../../adapters/rate-limit/index.ts';
import type { Storage } from '../../adapters/storage/storage.ts';
import type { UploadStore } from '../../adapters/uploads.ts';
import type { Clock } from '../../lib/clock.ts';
import { presentMedia } from '../../presenters/media.ts';
import type { MediaRepository } from '../../repositories/media.repository.ts';
import type { UserRecord } from '../../repositories/users.repository.ts';
import { hasZipTrailer, sniffFile } from './file-types.ts';
import { readImageSize } from './image-processing.ts';
import type { MediaLinks } from './links.ts';
import { tooLarge, unreadable, unsupportedType } from './media-errors.ts';
import { assertUploadAllowed } from './store-files.ts';

export interface PostUploadLimits {
  maxImageBytes: number;
  maxVideoBytes: number;
}

/**
 * Post media (images up to MEDIA_MAX_IMAGE_BYTES, videos up to MEDIA_MAX_VIDEO_BYTES) arrive
 * through resumable tus uploads. A finished upload is checked here (type by its bytes, size by
 * kind, pixel count or ffprobe), becomes a media row in `processing` and a job renders it.
 */
export function createPostUploadService(deps: {
  media: MediaRepository;
  storage: Storage;
  uploads: UploadStore;
  ffmpeg: Ffmpeg;
  links: MediaLinks;
  limiter: RateLimiter;
  clock: Clock;
  limits: PostUploadLimits;
  enqueue: (mediaId: string) => Promise<void>;
}) {
  const { maxImageBytes, maxVideoBytes } = deps.limits;
  const maxBytes = Math.max(maxImageBytes, maxVideoBytes);

  return {
    maxBytes,

    /** Before any byte is accepted: the rate limit and the declared length against the caps. */
    async assertCanStart(
      user: UserRecord,
      ip: string,
      declared: { size: number | undefined; type: string | undefined },
    ): Promise<void> {
      await assertUploadAllowed(deps.limiter, user.id, ip);
      if (declared.size === undefined) return;
      if (declared.size > maxBytes) throw tooLarge(mediaMessages.tooLarge(maxBytes));
      if (declared.type?.startsWith('image/') && declared.size > maxImageBytes) {
        throw tooLarge(mediaMessages.tooLarge(maxImageBytes));
      }
    },

    /**
     * Turns a finished upload into media, or refuses it; either way the tus data is removed, and
     * a refused file leaves nothing stored.
     */
    async finish(user: UserRecord, uploadId: string, size: number): Promise<MediaView> {
      const local = await deps.uploads.localFile(uploadId);
      const originalKey = `${uploadId}/original`;
      try {
        const type = await sniffFile(local.path);
        if (!type || type.kind === 'pdf' || (await hasZipTrailer(local.path))) throw unsupportedType();
        const cap = type.kind === 'image' ? maxImageBytes : maxVideoBytes;
        if (size > cap) throw tooLarge(mediaMessages.tooLarge(cap));
        let facts: { width: number; height: number; durationSeconds: number | null };
        if (type.kind === 'image') {
          facts = { ...(await readImageSize(local.path)), durationSeconds: null };
        } else {
          const probe = await deps.ffmpeg.probe(local.path);
          if (!probe) throw unreadable(mediaMessages.unreadableVideo);
          facts = { width: probe.width, height: probe.height, durationSeconds: probe.durationSeconds };
        }
        await deps.storage.put(originalKey, createReadStream(local.path), {
          maxBytes: cap,
          contentType: type.mime,
        });
        const now = deps.clock.now();
        const row = await deps.media.create({
          id: uploadId,
          ownerId: user.id,
          kind: type.kind,
          purpose: 'post',
          visibility: 'private',
          status: 'processing',
          mime: type.mime,
          byteSize: size,
          ...facts,
          originalKey,
          createdAt: now,
          updatedAt: now,
        });
        await deps.enqueue(row.id);
        return presentMedia(row, { entitled: true, links: deps.links });
      } catch (error) {
        await deps.storage.deletePrefix(`${uploadId}/`).catch(() => {});
        throw error;
      } finally {
        await local.release();
        await deps.uploads.remove(uploadId);
      }
    },
  };
}

export type PostUploadService = ReturnType<typeof createPostUploadService>;
