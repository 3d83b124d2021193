import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { bookmarkStateSchema } from '../../../common/schemas/engagement.ts';
import { postListSchema } from '../../../common/schemas/posts.ts';
import type { BookmarksService } from '../../services/engagement/bookmarks.service.ts';
import type { PresentPosts } from '../../services/posts/post-views.ts';
import { endpoint, registerEndpoints } from '../endpoints.ts';
import { pageQuery } from './lists.ts';

const idParams = z.object({ id: z.string().max(64) });

/** Saved posts: the endpoints, as declarations (server/routes/endpoints.ts). */
export function bookmarkEndpoints(bookmarks: BookmarksService, presentPosts: PresentPosts) {
  return [
    endpoint({
      method: 'PUT',
      url: '/api/posts/:id/bookmark',
      summary: 'Save a post to your bookmarks (idempotent)',
      caller: 'user',
      params: idParams,
      response: bookmarkStateSchema,
      errors: [404],
      handler: ({ user, params }) => bookmarks.save(user, params.id),
    }),
    endpoint({
      method: 'DELETE',
      url: '/api/posts/:id/bookmark',
      summary: 'Remove a post from your bookmarks (idempotent)',
      caller: 'user',
      params: idParams,
      response: bookmarkStateSchema,
      handler: ({ user, params }) => bookmarks.remove(user, params.id),
    }),
    endpoint({
      method: 'GET',
      url: '/api/me/bookmarks',
      summary: 'Posts you saved, most recently saved first (locked posts stay locked)',
      caller: 'user',
      query: pageQuery,
      response: postListSchema,
      errors: [400],
      handler: async ({ user, query }) => {
        const page = await bookmarks.list(user, {
          limit: query.limit,
          ...(query.cursor ? { cursor: query.cursor } : {}),
        });
        return { items: await presentPosts(user, page.rows), nextCursor: page.nextCursor };
      },
    }),
  ];
}

const bookmarkRoutes: FastifyPluginAsync<{
  bookmarks: BookmarksService;
  presentPosts: PresentPosts;
}> = async (app, { bookmarks, presentPosts }) => {
  registerEndpoints(app, ['bookmarks'], bookmarkEndpoints(bookmarks, presentPosts));
};

export default bookmarkRoutes;
