import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { limits } from '../../../common/limits.ts';
import {
  creatorListSchema,
  creatorListsSchema,
  creatorMembershipSchema,
  listMembersSchema,
  listNameSchema,
} from '../../../common/schemas/engagement.ts';
import { postListSchema } from '../../../common/schemas/posts.ts';
import {
  presentCreatorList,
  presentCreatorLists,
  presentCreatorMembership,
  presentListMembers,
} from '../../presenters/engagement/list.ts';
import type { ListsService } from '../../services/engagement/lists.service.ts';
import type { PresentPosts } from '../../services/posts/post-views.ts';
import { endpoint, registerEndpoints } from '../endpoints.ts';

const idParams = z.object({ id: z.string().max(64) });
const memberParams = z.object({ id: z.string().max(64), creatorId: z.string().max(64) });
/** The page query of the engagement lists (cursors up to 400 characters, as documented). */
export const pageQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(limits.pagination.maxLimit)
    .default(limits.pagination.defaultLimit),
  cursor: z.string().max(400).optional(),
});

/** A fan's lists of creators: the endpoints, as declarations (server/routes/endpoints.ts). */
export function listEndpoints(lists: ListsService, presentPosts: PresentPosts) {
  return [
    endpoint({
      method: 'GET',
      url: '/api/lists',
      summary: 'Your lists of creators, Favourites first',
      caller: 'user',
      response: creatorListsSchema,
      handler: async ({ user }) => presentCreatorLists(await lists.all(user)),
    }),
    endpoint({
      method: 'POST',
      url: '/api/lists',
      summary: 'Make a new list',
      caller: 'user',
      body: listNameSchema,
      status: 201,
      response: creatorListSchema,
      errors: [400, 403, 409],
      handler: async ({ user, body }) => presentCreatorList(await lists.create(user, body)),
    }),
    endpoint({
      method: 'PATCH',
      url: '/api/lists/:id',
      summary: 'Rename one of your lists (not Favourites)',
      caller: 'user',
      params: idParams,
      body: listNameSchema,
      response: creatorListSchema,
      errors: [400, 403, 404, 409],
      handler: async ({ user, params, body }) =>
        presentCreatorList(await lists.rename(user, params.id, body)),
    }),
    endpoint({
      method: 'DELETE',
      url: '/api/lists/:id',
      summary: 'Delete one of your lists (not Favourites); the creators in it are not affected',
      caller: 'user',
      params: idParams,
      status: 204,
      response: z.null(),
      errors: [403, 404],
      handler: async ({ user, params }) => {
        await lists.delete(user, params.id);
        return null;
      },
    }),
    endpoint({
      method: 'GET',
      url: '/api/lists/:id/creators',
      summary: 'The creators in one of your lists, most recently added first',
      caller: 'user',
      params: idParams,
      response: listMembersSchema,
      errors: [404],
      handler: async ({ user, params }) => presentListMembers(await lists.members(user, params.id)),
    }),
    endpoint({
      method: 'PUT',
      url: '/api/lists/:id/creators/:creatorId',
      summary: 'Add a creator to one of your lists (idempotent)',
      caller: 'user',
      params: memberParams,
      response: creatorListSchema,
      errors: [403, 404],
      handler: async ({ user, params }) =>
        presentCreatorList(await lists.add(user, params.id, params.creatorId)),
    }),
    endpoint({
      method: 'DELETE',
      url: '/api/lists/:id/creators/:creatorId',
      summary: 'Take a creator out of one of your lists (idempotent)',
      caller: 'user',
      params: memberParams,
      response: creatorListSchema,
      errors: [404],
      handler: async ({ user, params }) =>
        presentCreatorList(await lists.remove(user, params.id, params.creatorId)),
    }),
    endpoint({
      method: 'GET',
      url: '/api/lists/:id/posts',
      summary: "A list's feed: the latest posts of its creators, newest first (as Home)",
      caller: 'user',
      params: idParams,
      query: pageQuery,
      response: postListSchema,
      errors: [400, 404],
      handler: async ({ user, params, query }) => {
        const page = await lists.feed(user, params.id, {
          limit: query.limit,
          ...(query.cursor ? { cursor: query.cursor } : {}),
        });
        return { items: await presentPosts(user, page.rows), nextCursor: page.nextCursor };
      },
    }),
    endpoint({
      method: 'GET',
      url: '/api/creators/:handle/lists',
      summary: 'Your lists, each saying whether it holds this creator',
      caller: 'user',
      params: z.object({ handle: z.string().min(1).max(64) }),
      response: creatorMembershipSchema,
      errors: [404],
      handler: async ({ user, params }) =>
        presentCreatorMembership(await lists.membership(user, params.handle)),
    }),
  ];
}

const listRoutes: FastifyPluginAsync<{ lists: ListsService; presentPosts: PresentPosts }> = async (
  app,
  { lists, presentPosts },
) => {
  registerEndpoints(app, ['lists'], listEndpoints(lists, presentPosts));
};

export default listRoutes;
