import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type PublicConfig, publicConfigSchema } from '../../../common/schemas/public-config.ts';
import { endpoint, registerEndpoints } from '../endpoints.ts';

/** What the web app needs to know at start; built from an explicit list, never the whole config. */
export function configEndpoints(publicConfig: PublicConfig) {
  return [
    endpoint({
      method: 'GET',
      url: '/api/config',
      summary: 'Public settings for the web app',
      caller: 'visitor',
      response: publicConfigSchema,
      handler: async ({ reply }) => {
        reply.header('cache-control', 'no-cache');
        return publicConfig;
      },
    }),
  ];
}

const configRoutes: FastifyPluginAsyncZod<{ publicConfig: PublicConfig }> = async (app, { publicConfig }) => {
  registerEndpoints(app, ['config'], configEndpoints(publicConfig));
};

export default configRoutes;
