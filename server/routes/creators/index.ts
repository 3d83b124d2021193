import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limits } from '../../../common/limits.ts';
import { creatorListResponseSchema } from '../../../common/schemas/creators.ts';
import type { CreatorsService } from '../../services/creators/creators.service.ts';

const listQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(limits.pagination.maxLimit)
    .default(limits.pagination.defaultLimit),
  cursor: z.string().max(200).optional(),
});

const creatorRoutes: FastifyPluginAsyncZod<{ creators: CreatorsService }> = async (app, { creators }) => {
  app.get(
    '/api/creators',
    {
      preHandler: app.authenticateOptional,
      schema: {
        tags: ['creators'],
        summary: 'Approved creators, newest first (keyset pages)',
        querystring: listQuery,
        response: { 200: creatorListResponseSchema },
      },
    },
    async (request) =>
      creators.list({
        limit: request.query.limit,
        ...(request.query.cursor ? { cursor: request.query.cursor } : {}),
        ...(request.user ? { viewerId: request.user.id } : {}),
      }),
  );
};

export default creatorRoutes;
