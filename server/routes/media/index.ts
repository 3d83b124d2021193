import type { FastifyPluginAsync } from 'fastify';
import type { MediaLibrary } from '../../services/media/library.service.ts';
import type { UploadService } from '../../services/media/upload.service.ts';
import libraryRoutes from './library.ts';
import tusRoutes, { type TusRouteOptions } from './tus.ts';
import uploadRoutes from './uploads.ts';

/** Everything under /api/media and the resumable uploads at /api/uploads. */
const mediaRoutes: FastifyPluginAsync<{
  uploads: UploadService;
  library: MediaLibrary;
  tus: TusRouteOptions;
}> = async (app, options) => {
  await app.register(uploadRoutes, { uploads: options.uploads });
  await app.register(libraryRoutes, { library: options.library });
  await app.register(tusRoutes, options.tus);
};

export default mediaRoutes;
