import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limits } from '../../../common/limits.ts';
import { bookmarkStateSchema } from '../../../common/schemas/engagement.ts';
import { postListSchema } from '../../../common/schemas/posts.ts';
import { signedIn } from '../../plugins/auth.ts';
import type { BookmarksService } from '../../services/engagement/bookmarks.service.ts';
import { bearer, errorResponses } from '../auth/responses.ts';

const tags = ['bookmarks'];
const idParams = z.object({ id: z.string().max(64) });

const bookmarkRoutes: FastifyPluginAsyncZod<{ bookmarks: BookmarksService }> = async (app, { bookmarks }) => {
  app.put(
    '/api/posts/:id/bookmark',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Save a post to your bookmarks (idempotent)',
        security: bearer,
        params: idParams,
        response: { 200: bookmarkStateSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => bookmarks.save(signedIn(request).user, request.params.id),
  );

  app.delete(
    '/api/posts/:id/bookmark',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Remove a post from your bookmarks (idempotent)',
        security: bearer,
        params: idParams,
        response: { 200: bookmarkStateSchema, ...errorResponses(401) },
      },
    },
    async (request) => bookmarks.remove(signedIn(request).user, request.params.id),
  );

  app.get(
    '/api/me/bookmarks',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Posts you saved, most recently saved first (locked posts stay locked)',
        security: bearer,
        querystring: z.object({
          limit: z.coerce
            .number()
            .int()
            .min(1)
            .max(limits.pagination.maxLimit)
            .default(limits.pagination.defaultLimit),
          cursor: z.string().max(400).optional(),
        }),
        response: { 200: postListSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) =>
      bookmarks.list(signedIn(request).user, {
        limit: request.query.limit,
        ...(request.query.cursor ? { cursor: request.query.cursor } : {}),
      }),
  );
};

export default bookmarkRoutes;
