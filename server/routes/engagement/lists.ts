import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import { signedIn } from '../../plugins/auth.ts';
import type { ListsService } from '../../services/engagement/lists.service.ts';
import { bearer, errorResponses } from '../auth/responses.ts';

const tags = ['lists'];
const idParams = z.object({ id: z.string().max(64) });
const memberParams = z.object({ id: z.string().max(64), creatorId: z.string().max(64) });

const listRoutes: FastifyPluginAsyncZod<{ lists: ListsService }> = async (app, { lists }) => {
  const own = { preHandler: app.authenticate };

  app.get(
    '/api/lists',
    {
      ...own,
      schema: {
        tags,
        summary: 'Your lists of creators, Favourites first',
        security: bearer,
        response: { 200: creatorListsSchema, ...errorResponses(401) },
      },
    },
    async (request) => lists.all(signedIn(request).user),
  );

  app.post(
    '/api/lists',
    {
      ...own,
      schema: {
        tags,
        summary: 'Make a new list',
        security: bearer,
        body: listNameSchema,
        response: { 201: creatorListSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await lists.create(signedIn(request).user, request.body)),
  );

  app.patch(
    '/api/lists/:id',
    {
      ...own,
      schema: {
        tags,
        summary: 'Rename one of your lists (not Favourites)',
        security: bearer,
        params: idParams,
        body: listNameSchema,
        response: { 200: creatorListSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => lists.rename(signedIn(request).user, request.params.id, request.body),
  );

  app.delete(
    '/api/lists/:id',
    {
      ...own,
      schema: {
        tags,
        summary: 'Delete one of your lists (not Favourites); the creators in it are not affected',
        security: bearer,
        params: idParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await lists.delete(signedIn(request).user, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/lists/:id/creators',
    {
      ...own,
      schema: {
        tags,
        summary: 'The creators in one of your lists, most recently added first',
        security: bearer,
        params: idParams,
        response: { 200: listMembersSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => lists.members(signedIn(request).user, request.params.id),
  );

  app.put(
    '/api/lists/:id/creators/:creatorId',
    {
      ...own,
      schema: {
        tags,
        summary: 'Add a creator to one of your lists (idempotent)',
        security: bearer,
        params: memberParams,
        response: { 200: creatorListSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => lists.add(signedIn(request).user, request.params.id, request.params.creatorId),
  );

  app.delete(
    '/api/lists/:id/creators/:creatorId',
    {
      ...own,
      schema: {
        tags,
        summary: 'Take a creator out of one of your lists (idempotent)',
        security: bearer,
        params: memberParams,
        response: { 200: creatorListSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => lists.remove(signedIn(request).user, request.params.id, request.params.creatorId),
  );

  app.get(
    '/api/lists/:id/posts',
    {
      ...own,
      schema: {
        tags,
        summary: "A list's feed: the latest posts of its creators, newest first (as Home)",
        security: bearer,
        params: idParams,
        querystring: z.object({
          limit: z.coerce
            .number()
            .int()
            .min(1)
            .max(limits.pagination.maxLimit)
            .default(limits.pagination.defaultLimit),
          cursor: z.string().max(400).optional(),
        }),
        response: { 200: postListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      lists.feed(signedIn(request).user, request.params.id, {
        limit: request.query.limit,
        ...(request.query.cursor ? { cursor: request.query.cursor } : {}),
      }),
  );

  app.get(
    '/api/creators/:handle/lists',
    {
      ...own,
      schema: {
        tags,
        summary: 'Your lists, each saying whether it holds this creator',
        security: bearer,
        params: z.object({ handle: z.string().min(1).max(64) }),
        response: { 200: creatorMembershipSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => lists.membership(signedIn(request).user, request.params.handle),
  );
};

export default listRoutes;
