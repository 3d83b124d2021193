import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { watermarkSettingsSchema } from '../../../common/schemas/creators.ts';
import type { CreatorsService } from '../../services/creators/creators.service.ts';
import { endpoint, registerEndpoints } from '../endpoints.ts';

/** The visible mark on a creator's photos and videos (server/services/media/marks.ts). */
export function watermarkEndpoints(creators: CreatorsService) {
  return [
    endpoint({
      method: 'GET',
      url: '/api/creators/me/watermark',
      summary: 'The visible mark on my photos and videos',
      caller: 'user',
      response: watermarkSettingsSchema,
      errors: [404],
      handler: async ({ user }) => creators.watermark(user),
    }),
    endpoint({
      method: 'PUT',
      url: '/api/creators/me/watermark',
      summary:
        'Choose the visible mark on my photos (as they are shown) and videos (those uploaded from now on)',
      caller: 'user',
      body: watermarkSettingsSchema,
      response: watermarkSettingsSchema,
      errors: [400, 404],
      handler: async ({ user, body }) => creators.setWatermark(user, body),
    }),
  ];
}

const watermarkRoutes: FastifyPluginAsyncZod<{ creators: CreatorsService }> = async (app, { creators }) => {
  registerEndpoints(app, ['creators'], watermarkEndpoints(creators));
};

export default watermarkRoutes;
