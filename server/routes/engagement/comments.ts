import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  commentCountSchema,
  commentLikeStateSchema,
  commentLimits,
  commentPageSchema,
  commentSchema,
  commentSettingsSchema,
  createCommentSchema,
  replyPageSchema,
} from '../../../common/schemas/engagement.ts';
import type { BusEvent } from '../../adapters/bus/bus.ts';
import { signedIn } from '../../plugins/auth.ts';
import type { CommentsService } from '../../services/engagement/comments.service.ts';
import { bearer, errorResponses } from '../auth/responses.ts';
import { eventStreams, sseFrame } from '../sse.ts';

const tags = ['comments'];
const idParams = z.object({ id: z.string().max(64) });
const pageQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(commentLimits.pageSize),
});
const page = (query: z.infer<typeof pageQuery>) => ({
  limit: query.limit,
  ...(query.cursor ? { cursor: query.cursor } : {}),
});

/** At most this many posts in one live stream (the comments sections open on one page). */
const LIVE_POSTS_MAX = 20;
const liveQuery = z.object({
  posts: z
    .string()
    .max(LIVE_POSTS_MAX * 65)
    .transform((text) => text.split(',').filter((id) => id !== ''))
    .pipe(
      z
        .array(z.string().max(64))
        .min(1, 'Name at least one post')
        .max(LIVE_POSTS_MAX, `At most ${LIVE_POSTS_MAX} posts in one stream`),
    ),
});

const commentRoutes: FastifyPluginAsyncZod<{ comments: CommentsService }> = async (app, { comments }) => {
  const streams = eventStreams(app);

  app.get(
    '/api/comments/live',
    {
      preHandler: app.authenticateOptional,
      compress: false,
      schema: {
        tags,
        summary:
          'Server-sent events: the comment count of each post you may see among `posts` (comma-separated ids), ' +
          'first as it is now, then each time it changes (post.comments). Posts you may not see are left out.',
        querystring: liveQuery,
        response: errorResponses(400),
      },
    },
    async (request, reply) => {
      // Changes heard before the stream is open wait behind the current counts.
      let held: BusEvent[] | null = [];
      const { counts, stop } = await comments.live(request.user, request.query.posts, (event) =>
        held ? held.push(event) : stream.write(sseFrame(event)),
      );
      const stream = streams.start(request, reply, stop);
      for (const count of counts) stream.write(sseFrame({ id: 0, name: 'post.comments', payload: count }));
      for (const event of held) stream.write(sseFrame(event));
      held = null;
    },
  );

  app.get(
    '/api/posts/:id/comments',
    {
      preHandler: app.authenticateOptional,
      schema: {
        tags,
        summary: "A post's comments, newest first, each with its first replies (whoever may see the post)",
        params: idParams,
        querystring: pageQuery,
        response: { 200: commentPageSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => comments.list(request.user, request.params.id, page(request.query)),
  );

  app.post(
    '/api/posts/:id/comments',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Comment on a post, or reply to one of its comments (parentId)',
        security: bearer,
        params: idParams,
        body: createCommentSchema,
        response: { 201: commentSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await comments.create(signedIn(request).user, request.params.id, request.body)),
  );

  app.put(
    '/api/posts/:id/comments/settings',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Turn comments on or off for your post (its creator only)',
        security: bearer,
        params: idParams,
        body: commentSettingsSchema,
        response: { 200: commentSettingsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => comments.setEnabled(signedIn(request).user, request.params.id, request.body.enabled),
  );

  app.get(
    '/api/comments/:id/replies',
    {
      preHandler: app.authenticateOptional,
      schema: {
        tags,
        summary: "A comment's replies, oldest first",
        params: idParams,
        querystring: pageQuery,
        response: { 200: replyPageSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => comments.replies(request.user, request.params.id, page(request.query)),
  );

  app.delete(
    '/api/comments/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Delete your comment, or any comment on your post (with its replies)',
        security: bearer,
        params: idParams,
        response: { 200: commentCountSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => comments.delete(signedIn(request).user, request.params.id),
  );

  const likeSchema = (summary: string) => ({
    tags,
    summary,
    security: bearer,
    params: idParams,
    response: { 200: commentLikeStateSchema, ...errorResponses(401, 403, 404) },
  });
  app.post(
    '/api/comments/:id/like',
    { preHandler: app.authenticate, schema: likeSchema('Like a comment (idempotent)') },
    async (request) => comments.setLike(signedIn(request).user, request.params.id, true),
  );
  app.delete(
    '/api/comments/:id/like',
    { preHandler: app.authenticate, schema: likeSchema('Unlike a comment (idempotent)') },
    async (request) => comments.setLike(signedIn(request).user, request.params.id, false),
  );
};

export default commentRoutes;
