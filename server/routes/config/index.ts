import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type PublicConfig, publicConfigSchema } from '../../../common/schemas/public-config.ts';

/** What the web app needs to know at start; built from an explicit list, never the whole config. */
const configRoutes: FastifyPluginAsyncZod<{ publicConfig: PublicConfig }> = async (app, { publicConfig }) => {
  app.get(
    '/api/config',
    {
      schema: {
        tags: ['config'],
        summary: 'Public settings for the web app',
        response: { 200: publicConfigSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return publicConfig;
    },
  );
};

export default configRoutes;
