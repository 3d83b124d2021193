import { createReadStream } from 'node:fs';
import type { Ffmpeg } from '../../adapters/ffmpeg.ts';
import type { LocalFile, Storage } from '../../adapters/storage/storage.ts';
import { AppError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { MediaChanges, MediaRecord, MediaRepository } from '../../repositories/media.repository.ts';
import { renderImage } from './image-processing.ts';
import { storeRendered, variantKey } from './store-files.ts';
import { processVideo } from './video-processing.ts';

const PROCESSING_FAILED = 'Processing failed';

/**
 * The background half of post media: renders a `processing` row's original into its variants,
 * then marks it `ready` and deletes the original (it still carries the camera's metadata), or
 * marks it `failed` with a reason and deletes everything.
 */
export function createMediaProcessor(deps: {
  media: MediaRepository;
  storage: Storage;
  ffmpeg: Ffmpeg;
  clock: Clock;
  scratchRoot: string;
  log: { error(details: object, message: string): void };
}) {
  const { storage } = deps;

  async function render(row: MediaRecord, local: LocalFile): Promise<MediaChanges> {
    if (row.kind === 'image') {
      const image = await renderImage(local.path);
      return {
        width: image.width,
        height: image.height,
        thumbhash: image.thumbhash,
        variants: await storeRendered(storage, row.id, image.files),
      };
    }
    const video = await processVideo({ ffmpeg: deps.ffmpeg, scratchRoot: deps.scratchRoot }, local.path);
    try {
      const variants = await storeRendered(storage, row.id, video.poster.files);
      const key = variantKey(row.id, 'video', 'video/mp4');
      const { size } = await storage.put(key, createReadStream(video.videoFile), {
        maxBytes: Number.MAX_SAFE_INTEGER,
        contentType: 'video/mp4',
      });
      variants.video = { key, mime: 'video/mp4', size, width: video.probe.width, height: video.probe.height };
      return {
        width: video.probe.width,
        height: video.probe.height,
        durationSeconds: video.probe.durationSeconds,
        thumbhash: video.poster.thumbhash,
        variants,
      };
    } finally {
      await video.cleanup();
    }
  }

  return {
    async process(mediaId: string): Promise<void> {
      const row = await deps.media.findById(mediaId);
      if (row?.status !== 'processing' || !row.originalKey) return;
      let local: LocalFile | null = null;
      try {
        local = await storage.openLocal(row.originalKey);
        const changes = await render(row, local);
        const saved = await deps.media.finishProcessing(row.id, {
          ...changes,
          status: 'ready',
          originalKey: null,
          updatedAt: deps.clock.now(),
        });
        // Deleted while it was processing: nothing may stay behind.
        if (!saved) await storage.deletePrefix(`${row.id}/`);
        else await storage.delete(row.originalKey);
      } catch (error) {
        if (!(error instanceof AppError)) deps.log.error({ err: error, mediaId }, 'media processing failed');
        await storage.deletePrefix(`${row.id}/`).catch(() => {});
        await deps.media.finishProcessing(row.id, {
          status: 'failed',
          failureReason: error instanceof AppError ? error.message : PROCESSING_FAILED,
          variants: {},
          originalKey: null,
          updatedAt: deps.clock.now(),
        });
      } finally {
        await local?.release();
      }
    },
  };
}

export type MediaProcessor = ReturnType<typeof createMediaProcessor>;
