import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf, pageQuery } from '../../../common/schemas/pagination.ts';
import { postListSchema, postTypes, searchResultsSchema } from '../../../common/schemas/posts.ts';
import type { Clock } from '../../lib/clock.ts';
import { createMicroCache } from '../../lib/micro-cache.ts';
import { viewerCountry } from '../../lib/viewer-region.ts';
import { signedIn } from '../../plugins/auth.ts';
import type { FeedsService } from '../../services/posts/feeds.service.ts';
import { bearer, errorResponses } from '../auth/responses.ts';

const tags = ['posts'];
/** Anonymous Discover pages are the same for everyone in a country: served from memory for a second or two. */
export const ANONYMOUS_DISCOVER_TTL_MS = 2000;

const feedRoutes: FastifyPluginAsyncZod<{
  feeds: FeedsService;
  clock: Clock;
  anonymousDiscoverCache: boolean;
}> = async (app, { feeds, clock, anonymousDiscoverCache }) => {
  const anonymousPages = createMicroCache<string>({
    ttlMs: ANONYMOUS_DISCOVER_TTL_MS,
    maxEntries: 500,
    clock,
  });

  app.get(
    '/api/discover',
    {
      preHandler: app.authenticateOptional,
      schema: {
        tags,
        summary: 'Discover: posts of approved creators, recent and liked first, followed creators lifted',
        querystring: pageQuery,
        response: { 200: postListSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      if (request.user || !anonymousDiscoverCache) return feeds.discover(request.user, pageOf(request.query));
      // Per country: creators may hide themselves from some (server/lib/viewer-region.ts).
      const key = `${viewerCountry() ?? ''}|${request.query.limit}|${request.query.cursor ?? ''}`;
      let body = anonymousPages.get(key);
      if (body === undefined) {
        body = JSON.stringify(await feeds.discover(null, pageOf(request.query)));
        anonymousPages.set(key, body);
      }
      // Already JSON: sent as it is, without serializing the same page again.
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );

  app.get(
    '/api/feed',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'The latest posts of the creators you follow',
        security: bearer,
        querystring: pageQuery,
        response: { 200: postListSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => feeds.following(signedIn(request).user, pageOf(request.query)),
  );

  app.get(
    '/api/me/liked',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Posts you liked, most recent first',
        security: bearer,
        querystring: pageQuery,
        response: { 200: postListSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => feeds.liked(signedIn(request).user, pageOf(request.query)),
  );

  app.get(
    '/api/creators/:handle/posts',
    {
      preHandler: app.authenticateOptional,
      schema: {
        tags,
        summary: "A creator's posts, newest first; `type` narrows to photos or videos",
        params: z.object({ handle: z.string().min(1).max(64) }),
        querystring: pageQuery.extend({ type: z.enum(postTypes).default('all') }),
        response: { 200: postListSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) =>
      feeds.byCreator(request.user, request.params.handle, request.query.type, pageOf(request.query)),
  );

  app.get(
    '/api/search',
    {
      preHandler: app.authenticateOptional,
      schema: {
        tags,
        summary: 'Creators by name or handle, typo-tolerant, best match first',
        querystring: z.object({
          q: z.string().max(100).default(''),
          limit: z.coerce.number().int().min(1).max(50).default(8),
        }),
        response: { 200: searchResultsSchema },
      },
    },
    async (request) => feeds.search(request.user, request.query.q, request.query.limit),
  );
};

export default feedRoutes;
