import { PROCESS_MEDIA, processMediaJob } from '../jobs/process-media.ts';
import { sweepMediaTempJob } from '../jobs/sweep-media-temp.ts';
import { presentMediaFacts } from '../presenters/media/media.ts';
import blockListRoutes from '../routes/admin/block-list.ts';
import mediaRoutes from '../routes/media/index.ts';
import leakRoutes from '../routes/media/leaks.ts';
import { createOwnedMedia } from '../services/creators/owned-media.ts';
import { createBlockListService } from '../services/media/block-list.service.ts';
import { createLeakTrace } from '../services/media/leak-trace.service.ts';
import { createMediaLibrary, type ViewMedia } from '../services/media/library.service.ts';
import { createMediaLinks } from '../services/media/links.ts';
import { createMarks } from '../services/media/marks.ts';
import { createPostUploadService } from '../services/media/post-upload.service.ts';
import { createMediaProcessor } from '../services/media/processing.service.ts';
import { createRecordingTrace } from '../services/media/recording-trace.ts';
import { createTakedowns } from '../services/media/takedowns.service.ts';
import { createUploadService } from '../services/media/upload.service.ts';
import { createUrlSigner } from '../services/media/url-signing.ts';
import type { AuthModule } from './auth.ts';
import { defineModule } from './module.ts';
import type { Platform } from './platform.ts';

/**
 * Uploads (plain and resumable), signed media links, the media library (/api/media, /media), and
 * the jobs that process uploads and sweep abandoned temporary files.
 */
export function createMediaModule(p: Platform, deps: { auth: AuthModule }) {
  const { repos, config, clock, media, limiter, log } = p;
  const ttlSeconds = config.media.signedUrlTtlSeconds;
  const signer = createUrlSigner({ secret: config.appSecret, clock, ttlSeconds });
  const links = createMediaLinks({ signer, storage: media.storage, clock, ttlSeconds });
  const recordingTrace = createRecordingTrace({
    ffmpeg: media.ffmpeg,
    storage: media.storage,
    scratchRoot: media.scratchRoot,
    media: repos.media,
    deliveries: repos.deliveries,
    appSecret: config.appSecret,
  });
  const leakTrace = createLeakTrace({
    deliveries: repos.deliveries,
    media: repos.media,
    creators: repos.creators,
    storage: media.storage,
    appSecret: config.appSecret,
    scratchRoot: media.scratchRoot,
    recordings: { trace: recordingTrace.trace, ffmpeg: media.ffmpeg },
  });
  const marks = createMarks({
    storage: media.storage,
    publicUrl: config.publicUrl,
    media: repos.media,
    deliveryMark: leakTrace.deliveryMark,
  });
  const library = createMediaLibrary({
    media: repos.media,
    storage: media.storage,
    links,
    signer,
    clock,
    marks,
    recordingBits: recordingTrace.bits,
  });
  const blockList = createBlockListService({
    blockList: repos.blockList,
    media: repos.media,
    library,
    storage: media.storage,
    clock,
  });
  const processor = createMediaProcessor({
    media: repos.media,
    storage: media.storage,
    ffmpeg: media.ffmpeg,
    clock,
    scratchRoot: media.scratchRoot,
    log,
    blockList,
    videoMark: marks.videoMark,
  });
  // The creator screens show a user's own uploads presented; the library answers facts.
  const viewMedia: ViewMedia = async (viewer, id) => presentMediaFacts(await library.view(viewer, id), links);
  return defineModule({
    name: 'media',
    links,
    library,
    marks,
    leakTrace,
    blockList,
    ownedMedia: createOwnedMedia({ media: repos.media, library: { view: viewMedia } }),
    routes: async (app) => {
      await app.register(mediaRoutes, {
        uploads: createUploadService({
          media: repos.media,
          storage: media.storage,
          limiter,
          clock,
          scratchRoot: media.scratchRoot,
          blockList,
        }),
        library,
        links,
        tus: {
          uploads: media.uploads,
          postUploads: createPostUploadService({
            media: repos.media,
            storage: media.storage,
            uploads: media.uploads,
            ffmpeg: media.ffmpeg,
            limiter,
            clock,
            limits: { maxImageBytes: config.media.maxImageBytes, maxVideoBytes: config.media.maxVideoBytes },
            enqueue: async (mediaId) => {
              await p.queue.send(PROCESS_MEDIA, { mediaId });
            },
            blockList,
          }),
          links,
          authenticate: async (token) =>
            (await deps.auth.services.sessions.authenticate(token))?.user ?? null,
          log,
        },
      });
      await app.register(blockListRoutes, { blockList });
      await app.register(leakRoutes, {
        trace: leakTrace,
        links,
        takedowns: createTakedowns({
          takedowns: repos.takedowns,
          deliveries: repos.deliveries,
          media: repos.media,
          creators: repos.creators,
          users: repos.users,
          suspend: (userId, now) => repos.reports.suspend(userId, now),
          clock,
        }),
        publicUrl: config.publicUrl,
      });
    },
    jobs: [
      processMediaJob({
        processor,
        media: repos.media,
        storage: media.storage,
        clock,
        retryDelaySeconds: media.retryDelaySeconds,
      }),
      sweepMediaTempJob({
        runtime: media,
        clock,
        log: (removed) => log.info({ removed }, 'swept temporary media files'),
      }),
    ],
  });
}

export type MediaModule = ReturnType<typeof createMediaModule>;
