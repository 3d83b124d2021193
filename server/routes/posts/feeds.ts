import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf, pageQuery } from '../../../common/schemas/pagination.ts';
import {
  type PostList,
  postListSchema,
  postTypes,
  type SearchResults,
  searchResultsSchema,
} from '../../../common/schemas/posts.ts';
import type { Clock } from '../../lib/clock.ts';
import { createMicroCache } from '../../lib/micro-cache.ts';
import { viewerCountry } from '../../lib/viewer-region.ts';
import type { Viewer } from '../../policies/actions/creators.ts';
import { presentCreatorSummary } from '../../presenters/creators/creator.ts';
import type { CreatorMatches, FeedsService, PostPage } from '../../services/posts/feeds.service.ts';
import type { PresentPosts } from '../../services/posts/post-views.ts';
import { endpoint, registerEndpoints } from '../endpoints.ts';

/** Anonymous Discover pages are the same for everyone in a country: served from memory for a second or two. */
export const ANONYMOUS_DISCOVER_TTL_MS = 2000;

/** The feeds and search: the endpoints, as declarations (server/routes/endpoints.ts). */
export function feedEndpoints(
  feeds: FeedsService,
  options: { clock: Clock; anonymousDiscoverCache: boolean; presentPosts: PresentPosts },
) {
  /** A page of posts as this viewer sees them. */
  const present = async (viewer: Viewer | null, page: PostPage): Promise<PostList> => ({
    items: await options.presentPosts(viewer, page.rows),
    nextCursor: page.nextCursor,
  });
  const anonymousPages = createMicroCache<string>({
    ttlMs: ANONYMOUS_DISCOVER_TTL_MS,
    maxEntries: 500,
    clock: options.clock,
  });
  return [
    endpoint({
      method: 'GET',
      url: '/api/discover',
      summary: 'Discover: posts of approved creators, recent and liked first, followed creators lifted',
      caller: 'visitor',
      query: pageQuery,
      response: postListSchema,
      errors: [400],
      handler: async ({ user, query, reply }) => {
        if (user || !options.anonymousDiscoverCache)
          return present(user, await feeds.discover(user, pageOf(query)));
        // Per country: creators may hide themselves from some (server/lib/viewer-region.ts).
        const key = `${viewerCountry() ?? ''}|${query.limit}|${query.cursor ?? ''}`;
        let body = anonymousPages.get(key);
        if (body === undefined) {
          body = JSON.stringify(await present(null, await feeds.discover(null, pageOf(query))));
          anonymousPages.set(key, body);
        }
        // Already JSON: sent as it is through `reply`, without serializing the same page again.
        return reply.type('application/json; charset=utf-8').send(body as never) as never;
      },
    }),
    endpoint({
      method: 'GET',
      url: '/api/feed',
      summary: 'The latest posts of the creators you follow',
      caller: 'user',
      query: pageQuery,
      response: postListSchema,
      errors: [400],
      handler: async ({ user, query }) => present(user, await feeds.following(user, pageOf(query))),
    }),
    endpoint({
      method: 'GET',
      url: '/api/me/liked',
      summary: 'Posts you liked, most recent first',
      caller: 'user',
      query: pageQuery,
      response: postListSchema,
      errors: [400],
      handler: async ({ user, query }) => present(user, await feeds.liked(user, pageOf(query))),
    }),
    endpoint({
      method: 'GET',
      url: '/api/creators/:handle/posts',
      summary: "A creator's posts, newest first; `type` narrows to photos or videos",
      caller: 'visitor',
      params: z.object({ handle: z.string().min(1).max(64) }),
      query: pageQuery.extend({ type: z.enum(postTypes).default('all') }),
      response: postListSchema,
      errors: [400, 404],
      handler: async ({ user, params, query }) =>
        present(user, await feeds.byCreator(user, params.handle, query.type, pageOf(query))),
    }),
    endpoint({
      method: 'GET',
      url: '/api/search',
      summary: 'Creators by name or handle, typo-tolerant, best match first',
      caller: 'visitor',
      query: z.object({
        q: z.string().max(100).default(''),
        limit: z.coerce.number().int().min(1).max(50).default(8),
      }),
      response: searchResultsSchema,
      handler: async ({ user, query }) =>
        presentMatches(user, await feeds.search(user, query.q, query.limit)),
    }),
  ];
}

/** Search results; signed in, each creator says whether the viewer follows them (the Follow buttons). */
function presentMatches(viewer: Viewer | null, matches: CreatorMatches): SearchResults {
  const { followed } = matches;
  return {
    items: matches.rows.map((row) =>
      viewer && followed
        ? presentCreatorSummary(row, followed.has(row.id), viewer)
        : presentCreatorSummary(row),
    ),
  };
}

const feedRoutes: FastifyPluginAsyncZod<{
  feeds: FeedsService;
  presentPosts: PresentPosts;
  clock: Clock;
  anonymousDiscoverCache: boolean;
}> = async (app, { feeds, presentPosts, clock, anonymousDiscoverCache }) => {
  registerEndpoints(app, ['posts'], feedEndpoints(feeds, { clock, anonymousDiscoverCache, presentPosts }));
};

export default feedRoutes;
