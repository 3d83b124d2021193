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
import { presentComment, presentCommentPage, presentReplyPage } from '../../presenters/engagement/comment.ts';
import type { CommentsService } from '../../services/engagement/comments.service.ts';
import { errorResponses } from '../auth/responses.ts';
import { endpoint, registerEndpoints } from '../endpoints.ts';
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

/** Comments on posts: the endpoints, as declarations (server/routes/endpoints.ts). */
export function commentEndpoints(comments: CommentsService) {
  const like = (method: 'POST' | 'DELETE', summary: string, liked: boolean) =>
    endpoint({
      method,
      url: '/api/comments/:id/like',
      summary,
      caller: 'user',
      params: idParams,
      response: commentLikeStateSchema,
      errors: [403, 404],
      handler: ({ user, params }) => comments.setLike(user, params.id, liked),
    });
  return [
    endpoint({
      method: 'GET',
      url: '/api/posts/:id/comments',
      summary: "A post's comments, newest first, each with its first replies (whoever may see the post)",
      caller: 'visitor',
      params: idParams,
      query: pageQuery,
      response: commentPageSchema,
      errors: [400, 404],
      handler: async ({ user, params, query }) =>
        presentCommentPage(await comments.list(user, params.id, page(query))),
    }),
    endpoint({
      method: 'POST',
      url: '/api/posts/:id/comments',
      summary: 'Comment on a post, or reply to one of its comments (parentId)',
      caller: 'user',
      params: idParams,
      body: createCommentSchema,
      status: 201,
      response: commentSchema,
      errors: [400, 403, 404, 429],
      handler: async ({ user, params, body }) => {
        const { row, context } = await comments.create(user, params.id, body);
        return presentComment(row, context);
      },
    }),
    endpoint({
      method: 'PUT',
      url: '/api/posts/:id/comments/settings',
      summary: 'Turn comments on or off for your post (its creator only)',
      caller: 'user',
      params: idParams,
      body: commentSettingsSchema,
      response: commentSettingsSchema,
      errors: [400, 403, 404],
      handler: ({ user, params, body }) => comments.setEnabled(user, params.id, body.enabled),
    }),
    endpoint({
      method: 'GET',
      url: '/api/comments/:id/replies',
      summary: "A comment's replies, oldest first",
      caller: 'visitor',
      params: idParams,
      query: pageQuery,
      response: replyPageSchema,
      errors: [400, 404],
      handler: async ({ user, params, query }) =>
        presentReplyPage(await comments.replies(user, params.id, page(query))),
    }),
    endpoint({
      method: 'DELETE',
      url: '/api/comments/:id',
      summary: 'Delete your comment, or any comment on your post (with its replies)',
      caller: 'user',
      params: idParams,
      response: commentCountSchema,
      errors: [403, 404],
      handler: ({ user, params }) => comments.delete(user, params.id),
    }),
    like('POST', 'Like a comment (idempotent)', true),
    like('DELETE', 'Unlike a comment (idempotent)', false),
  ];
}

const commentRoutes: FastifyPluginAsyncZod<{ comments: CommentsService }> = async (app, { comments }) => {
  const streams = eventStreams(app);

  // Hand-written: a server-sent event stream, not one answer; the posts shown are those the funnel lets the viewer see ('post:view').
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

  registerEndpoints(app, tags, commentEndpoints(comments));
};

export default commentRoutes;
