import { PROCESS_MEDIA, processMediaJob } from '../jobs/process-media.ts';
import { sweepMediaTempJob } from '../jobs/sweep-media-temp.ts';
import mediaRoutes from '../routes/media/index.ts';
import { createOwnedMedia } from '../services/creators/owned-media.ts';
import { createMediaLibrary } from '../services/media/library.service.ts';
import { createMediaLinks } from '../services/media/links.ts';
import { createPostUploadService } from '../services/media/post-upload.service.ts';
import { createMediaProcessor } from '../services/media/processing.service.ts';
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
  const library = createMediaLibrary({ media: repos.media, storage: media.storage, links, signer, clock });
  const processor = createMediaProcessor({
    media: repos.media,
    storage: media.storage,
    ffmpeg: media.ffmpeg,
    clock,
    scratchRoot: media.scratchRoot,
    log,
  });
  return defineModule({
    name: 'media',
    links,
    library,
    ownedMedia: createOwnedMedia({ media: repos.media, library }),
    routes: async (app) => {
      await app.register(mediaRoutes, {
        uploads: createUploadService({
          media: repos.media,
          storage: media.storage,
          links,
          limiter,
          clock,
          scratchRoot: media.scratchRoot,
        }),
        library,
        tus: {
          uploads: media.uploads,
          postUploads: createPostUploadService({
            media: repos.media,
            storage: media.storage,
            uploads: media.uploads,
            ffmpeg: media.ffmpeg,
            links,
            limiter,
            clock,
            limits: { maxImageBytes: config.media.maxImageBytes, maxVideoBytes: config.media.maxVideoBytes },
            enqueue: async (mediaId) => {
              await p.queue.send(PROCESS_MEDIA, { mediaId });
            },
          }),
          authenticate: async (token) =>
            (await deps.auth.services.sessions.authenticate(token))?.user ?? null,
          log,
        },
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
