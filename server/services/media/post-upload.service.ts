import { createReadStream } from 'node:fs';
import { mediaMessages } from '../../../common/schemas/media.ts';
import type { Ffmpeg } from '../../adapters/ffmpeg.ts';
import type { RateLimiter } from '../../adapters/rate-limit/index.ts';
import type { Storage } from '../../adapters/storage/storage.ts';
import type { UploadStore } from '../../adapters/uploads.ts';
import type { Clock } from '../../lib/clock.ts';
import type { UserRecord } from '../../repositories/auth/users.repository.ts';
import type { MediaRepository } from '../../repositories/media/media.repository.ts';
import type { BlockListService } from './block-list.service.ts';
import { hasZipTrailer, sniffFile } from './file-types.ts';
import { type Fingerprint, fingerprintImage } from './fingerprints.ts';
import { readImageSize } from './image-processing.ts';
import type { MediaFacts } from './library.service.ts';
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
  limiter: RateLimiter;
  clock: Clock;
  limits: PostUploadLimits;
  enqueue: (mediaId: string) => Promise<void>;
  blockList: Pick<BlockListService, 'assertNotBlocked' | 'remember'>;
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
    async finish(
      user: UserRecord,
      uploadId: string,
      size: number,
      options: { traceRecordings?: boolean } = {},
    ): Promise<MediaFacts> {
      const local = await deps.uploads.localFile(uploadId);
      const originalKey = `${uploadId}/original`;
      try {
        const type = await sniffFile(local.path);
        if (!type || type.kind === 'pdf' || (await hasZipTrailer(local.path))) throw unsupportedType();
        const cap = type.kind === 'image' ? maxImageBytes : maxVideoBytes;
        if (size > cap) throw tooLarge(mediaMessages.tooLarge(cap));
        let facts: { width: number; height: number; durationSeconds: number | null };
        // A photo is checked against the block list here, so a refusal is the upload's answer;
        // a video's frames are checked by the processing job (server/services/media/processing.service.ts).
        let fingerprints: Fingerprint[] = [];
        if (type.kind === 'image') {
          facts = { ...(await readImageSize(local.path)), durationSeconds: null };
          // One that does not decode is refused by the job in the words it uses for that.
          fingerprints = await fingerprintImage(local.path, { mirrored: true }).catch(() => []);
          await deps.blockList.assertNotBlocked(user.id, uploadId, fingerprints);
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
          // A video in two variants, so each viewer's playlist names them (doubles its storage).
          traceRecordings: type.kind === 'video' && options.traceRecordings === true,
          originalKey,
          createdAt: now,
          updatedAt: now,
        });
        await deps.blockList.remember(row.id, fingerprints);
        await deps.enqueue(row.id);
        return { media: row, entitled: true };
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
