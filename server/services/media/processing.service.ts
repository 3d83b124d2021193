import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { type Ffmpeg, ToolFailedError } from '../../adapters/ffmpeg.ts';
import type { LocalFile, Storage } from '../../adapters/storage/storage.ts';
import type { MediaVariant } from '../../db/schema/media.ts';
import { AppError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type {
  MediaChanges,
  MediaRecord,
  MediaRepository,
} from '../../repositories/media/media.repository.ts';
import type { BlockListService } from './block-list.service.ts';
import { fingerprintVideo } from './fingerprints.ts';
import { HLS_MIME, hlsKey, hlsVariant, hlsVariantB, segmentMime, variantBFolder } from './hls.ts';
import { renderImage } from './image-processing.ts';
import { storeRendered } from './store-files.ts';
import { type ProcessedVideo, processVideo } from './video-processing.ts';

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
  blockList: Pick<BlockListService, 'assertNotBlocked' | 'remember'>;
  /** The owner's page address when their mark is on, burned into new videos (marks.ts). */
  videoMark?: (row: MediaRecord) => Promise<string | null>;
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
    // A sample of frames against the block list before the long transcode: a match fails the
    // upload with the refusal as its reason (MEDIA_BLOCKED is an AppError: no retry).
    const tools = { ffmpeg: deps.ffmpeg, scratchRoot: deps.scratchRoot };
    const frames = await fingerprintVideo(tools, local.path, { durationSeconds: row.durationSeconds ?? 0 });
    await deps.blockList.assertNotBlocked(row.ownerId, row.id, frames);
    await deps.blockList.remember(row.id, frames);
    const video = await processVideo(tools, local.path, {
      mark: (await deps.videoMark?.(row)) ?? null,
      variantB: row.traceRecordings && row.purpose === 'post',
    });
    try {
      const variants = await storeRendered(storage, row.id, video.poster.files);
      Object.assign(variants, await storeLadder(row.id, video));
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

  /** Puts one file of the HLS folder under `<id>/hls/...`; returns its size. */
  async function putFile(mediaId: string, dir: string, relative: string, mime: string): Promise<number> {
    const { size } = await storage.put(
      hlsKey(mediaId, relative),
      createReadStream(path.join(dir, relative)),
      {
        maxBytes: Number.MAX_SAFE_INTEGER,
        contentType: mime,
      },
    );
    return size;
  }

  /**
   * Every segment, then the rendition playlists, then the master playlist (a few at a time, so an
   * S3 bucket's round trips overlap). Variants name the playlists only: `hls` (master) and
   * `hls-<rung>`; a segment is found through its rendition's playlist.
   */
  async function storeLadder(mediaId: string, video: ProcessedVideo): Promise<Record<string, MediaVariant>> {
    const folders = video.renditions.flatMap((rung) =>
      video.variantB.includes(rung.name) ? [rung.name, variantBFolder(rung.name)] : [rung.name],
    );
    const segments: string[] = [];
    for (const folder of folders) {
      for (const name of await readdir(path.join(video.hlsDir, folder)))
        if (name !== 'index.m3u8') segments.push(`${folder}/${name}`);
    }
    let next = 0;
    const worker = async () => {
      while (next < segments.length) {
        const relative = segments[next++] as string;
        await putFile(mediaId, video.hlsDir, relative, segmentMime(relative));
      }
    };
    await Promise.all(Array.from({ length: Math.min(4, segments.length) }, worker));
    const variants: Record<string, MediaVariant> = {};
    for (const rung of video.renditions) {
      const made = video.variantB.includes(rung.name)
        ? [
            { folder: rung.name, variant: hlsVariant(rung.name) },
            { folder: variantBFolder(rung.name), variant: hlsVariantB(rung.name) },
          ]
        : [{ folder: rung.name, variant: hlsVariant(rung.name) }];
      for (const { folder, variant } of made) {
        const relative = `${folder}/index.m3u8`;
        const size = await putFile(mediaId, video.hlsDir, relative, HLS_MIME);
        variants[variant] = {
          key: hlsKey(mediaId, relative),
          mime: HLS_MIME,
          size,
          width: rung.width,
          height: rung.height,
        };
      }
    }
    const size = await putFile(mediaId, video.hlsDir, 'master.m3u8', HLS_MIME);
    const top = video.renditions.at(-1);
    variants.hls = {
      key: hlsKey(mediaId, 'master.m3u8'),
      mime: HLS_MIME,
      size,
      ...(top ? { width: top.width, height: top.height } : {}),
    };
    return variants;
  }

  return {
    /**
     * A file at fault (it does not decode) ends `failed` with the reason at once. Anything else
     * (storage or the database unreachable, ffmpeg missing or killed) is thrown with a plain
     * reason: the job runs again, and once its retries are used up the upload is marked failed
     * with that reason (`server/jobs/process-media.ts`). The original stays until then.
     */
    async process(mediaId: string): Promise<void> {
      const row = await deps.media.findById(mediaId);
      // Deleted while an earlier run was writing its files: what that run left goes now.
      if (!row) return storage.deletePrefix(`${mediaId}/`);
      if (row.status !== 'processing' || !row.originalKey) return;
      let local: LocalFile | null = null;
      let step: 'reading' | 'rendering' | 'saving' = 'reading';
      try {
        local = await storage.openLocal(row.originalKey);
        step = 'rendering';
        const changes = await render(row, local);
        step = 'saving';
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
        if (!(error instanceof AppError)) {
          // Deleted while it was processing (its files removed under a write): nothing may stay
          // behind, and there is nothing to try again.
          if ((await deps.media.findById(mediaId).catch(() => row)) === null) {
            await storage.deletePrefix(`${row.id}/`).catch(() => {});
            return;
          }
          deps.log.error({ err: error, mediaId }, 'media processing failed');
          throw new Error(plainReason(error, step, row.kind));
        }
        await storage.deletePrefix(`${row.id}/`).catch(() => {});
        await deps.media.finishProcessing(row.id, {
          status: 'failed',
          failureReason: error.message,
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

/** What the owner reads after "Processing failed: " (details such as paths stay in the log). */
function plainReason(
  error: unknown,
  step: 'reading' | 'rendering' | 'saving',
  kind: MediaRecord['kind'],
): string {
  if (error instanceof ToolFailedError) {
    return error.kind === 'start'
      ? 'the video converter could not be started on the server'
      : 'the video converter stopped before it finished';
  }
  if (step === 'reading') return 'the uploaded file could not be read back from storage';
  if (step === 'saving') return `the finished ${kind === 'video' ? 'video' : 'photo'} could not be saved`;
  return `the server could not convert the ${kind === 'video' ? 'video' : 'photo'}`;
}

export type MediaProcessor = ReturnType<typeof createMediaProcessor>;
