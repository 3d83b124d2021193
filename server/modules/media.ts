import type { FastifyInstance } from 'fastify';
import { PROCESS_MEDIA } from '../jobs/process-media.ts';
import mediaRoutes from '../routes/media/index.ts';
import { createOwnedMedia } from '../services/creators/owned-media.ts';
import { createMediaLibrary } from '../services/media/library.service.ts';
import { createMediaLinks } from '../services/media/links.ts';
import { createPostUploadService } from '../services/media/post-upload.service.ts';
import { createUploadService } from '../services/media/upload.service.ts';
import { createUrlSigner } from '../services/media/url-signing.ts';
import type { AuthServices } from './auth-services.ts';
import type { Platform } from './platform.ts';

/** Uploads (plain and resumable), signed media links, the media library (/api/media, /media). */
export async function registerMedia(app: FastifyInstance, p: Platform, auth: AuthServices) {
  const { repos, config, clock, media, limiter } = p;
  const ttlSeconds = config.media.signedUrlTtlSeconds;
  const signer = createUrlSigner({ secret: config.appSecret, clock, ttlSeconds });
  const links = createMediaLinks({ signer, storage: media.storage, clock, ttlSeconds });
  const library = createMediaLibrary({ media: repos.media, storage: media.storage, links, signer, clock });
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
      authenticate: async (token) => (await auth.sessions.authenticate(token))?.user ?? null,
      log: p.log,
    },
  });
  return { links, library, ownedMedia: createOwnedMedia({ media: repos.media, library }) };
}

export type MediaModule = Awaited<ReturnType<typeof registerMedia>>;
