import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createPostSchema,
  likeStateSchema,
  pollVoteSchema,
  postListSchema,
  postSchema,
  queueQuerySchema,
  updatePostSchema,
} from '../../../common/schemas/posts.ts';
import { signedIn } from '../../plugins/auth.ts';
import type { PostsService } from '../../services/posts/posts.service.ts';
import { bearer, errorResponses } from '../auth/responses.ts';

const tags = ['posts'];
const idParams = z.object({ id: z.string().max(64) });

const postRoutes: FastifyPluginAsyncZod<{ posts: PostsService }> = async (app, { posts }) => {
  app.post(
    '/api/posts',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Publish a post: public, for subscribers, or pay-per-view (creators only)',
        security: bearer,
        body: createPostSchema,
        response: { 201: postSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await posts.create(signedIn(request).user, request.body)),
  );

  app.get(
    '/api/posts/:id',
    {
      preHandler: app.authenticateOptional,
      schema: {
        tags,
        summary: 'One post as the viewer may see it (locked: blurred preview only)',
        params: idParams,
        response: { 200: postSchema, ...errorResponses(404) },
      },
    },
    async (request) => posts.get(request.user, request.params.id),
  );

  app.patch(
    '/api/posts/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Change the text or audience of your post',
        security: bearer,
        params: idParams,
        body: updatePostSchema,
        response: { 200: postSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => posts.update(signedIn(request).user, request.params.id, request.body),
  );

  app.delete(
    '/api/posts/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Delete your post and its media',
        security: bearer,
        params: idParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await posts.delete(signedIn(request).user, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/creators/me/queue',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Your scheduled posts (soonest first) or drafts',
        security: bearer,
        querystring: queueQuerySchema,
        response: { 200: postListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => posts.queue(signedIn(request).user, request.query.status),
  );

  const pinSchema = (summary: string) => ({
    tags,
    summary,
    security: bearer,
    params: idParams,
    response: { 200: postSchema, ...errorResponses(400, 401, 403, 404) },
  });
  app.put(
    '/api/posts/:id/pin',
    {
      preHandler: app.authenticate,
      schema: pinSchema('Pin your post to the top of your profile (one at a time)'),
    },
    async (request) => posts.pin(signedIn(request).user, request.params.id, true),
  );
  app.delete(
    '/api/posts/:id/pin',
    { preHandler: app.authenticate, schema: pinSchema('Unpin your post') },
    async (request) => posts.pin(signedIn(request).user, request.params.id, false),
  );

  app.post(
    '/api/posts/:id/poll/vote',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "Vote in a post's poll (once; not on a locked post or after the end)",
        security: bearer,
        params: idParams,
        body: pollVoteSchema,
        response: { 200: postSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => posts.vote(signedIn(request).user, request.params.id, request.body.option),
  );

  const likeSchema = (summary: string) => ({
    tags,
    summary,
    security: bearer,
    params: idParams,
    response: { 200: likeStateSchema, ...errorResponses(401, 404) },
  });
  app.post(
    '/api/posts/:id/like',
    { preHandler: app.authenticate, schema: likeSchema('Like a post (idempotent)') },
    async (request) => posts.like(signedIn(request).user, request.params.id),
  );
  app.delete(
    '/api/posts/:id/like',
    { preHandler: app.authenticate, schema: likeSchema('Unlike a post (idempotent)') },
    async (request) => posts.unlike(signedIn(request).user, request.params.id),
  );
};

export default postRoutes;
