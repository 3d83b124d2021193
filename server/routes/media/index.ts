import type { FastifyPluginAsync } from 'fastify';
import type { MediaLibrary } from '../../services/media/library.service.ts';
import type { MediaLinks } from '../../services/media/links.ts';
import type { UploadService } from '../../services/media/upload.service.ts';
import libraryRoutes from './library.ts';
import tusRoutes, { type TusRouteOptions } from './tus.ts';
import uploadRoutes from './uploads.ts';

/** Everything under /api/media and the resumable uploads at /api/uploads. */
const mediaRoutes: FastifyPluginAsync<{
  uploads: UploadService;
  library: MediaLibrary;
  links: MediaLinks;
  tus: TusRouteOptions;
}> = async (app, options) => {
  await app.register(uploadRoutes, { uploads: options.uploads, links: options.links });
  await app.register(libraryRoutes, { library: options.library, links: options.links });
  await app.register(tusRoutes, options.tus);
};

export default mediaRoutes;
