import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createPostSchema,
  likeStateSchema,
  type PostView,
  pollVoteSchema,
  postListSchema,
  postMessages,
  postSchema,
  queueQuerySchema,
  updatePostSchema,
} from '../../../common/schemas/posts.ts';
import { notFound } from '../../errors.ts';
import type { Viewer } from '../../policies/actions/creators.ts';
import type { PresentPosts } from '../../services/posts/post-views.ts';
import type { PostsService } from '../../services/posts/posts.service.ts';
import { endpoint, registerEndpoints } from '../endpoints.ts';

const idParams = z.object({ id: z.string().max(64) });

/** A post as the service answers it: its row, presented here for the viewer. */
type PostRow = Awaited<ReturnType<PostsService['get']>>;

/** Posts: the endpoints, as declarations (server/routes/endpoints.ts). */
export function postEndpoints(posts: PostsService, presentPosts: PresentPosts) {
  /** The post the service answered, as this viewer sees it. */
  const present = async (viewer: Viewer | null, row: PostRow): Promise<PostView> => {
    const [view] = await presentPosts(viewer, [row]);
    if (!view) throw notFound(postMessages.notFound);
    return view;
  };
  const pin = (method: 'PUT' | 'DELETE', summary: string, pinned: boolean) =>
    endpoint({
      method,
      url: '/api/posts/:id/pin',
      summary,
      caller: 'user',
      params: idParams,
      response: postSchema,
      errors: [400, 403, 404],
      handler: async ({ user, params }) => present(user, await posts.pin(user, params.id, pinned)),
    });
  const like = (method: 'POST' | 'DELETE', summary: string, liked: boolean) =>
    endpoint({
      method,
      url: '/api/posts/:id/like',
      summary,
      caller: 'user',
      params: idParams,
      response: likeStateSchema,
      errors: [404],
      handler: ({ user, params }) => (liked ? posts.like(user, params.id) : posts.unlike(user, params.id)),
    });
  return [
    endpoint({
      method: 'POST',
      url: '/api/posts',
      summary: 'Publish a post: public, for subscribers, or pay-per-view (creators only)',
      caller: 'user',
      body: createPostSchema,
      status: 201,
      response: postSchema,
      errors: [400, 403],
      handler: async ({ user, body }) => present(user, await posts.create(user, body)),
    }),
    endpoint({
      method: 'GET',
      url: '/api/posts/:id',
      summary: 'One post as the viewer may see it (locked: blurred preview only)',
      caller: 'visitor',
      params: idParams,
      response: postSchema,
      errors: [404],
      handler: async ({ user, params }) => present(user, await posts.get(user, params.id)),
    }),
    endpoint({
      method: 'PATCH',
      url: '/api/posts/:id',
      summary: 'Change the text or audience of your post',
      caller: 'user',
      params: idParams,
      body: updatePostSchema,
      response: postSchema,
      errors: [400, 403, 404],
      handler: async ({ user, params, body }) => present(user, await posts.update(user, params.id, body)),
    }),
    endpoint({
      method: 'DELETE',
      url: '/api/posts/:id',
      summary: 'Delete your post and its media',
      caller: 'user',
      params: idParams,
      status: 204,
      response: z.null(),
      errors: [403, 404],
      handler: async ({ user, params }) => {
        await posts.delete(user, params.id);
        return null;
      },
    }),
    endpoint({
      method: 'GET',
      url: '/api/creators/me/queue',
      summary: 'Your scheduled posts (soonest first) or drafts',
      caller: 'user',
      query: queueQuerySchema,
      response: postListSchema,
      errors: [400, 403],
      handler: async ({ user, query }) => {
        const page = await posts.queue(user, query.status);
        return { items: await presentPosts(user, page.rows), nextCursor: page.nextCursor };
      },
    }),
    pin('PUT', 'Pin your post to the top of your profile (one at a time)', true),
    pin('DELETE', 'Unpin your post', false),
    endpoint({
      method: 'POST',
      url: '/api/posts/:id/poll/vote',
      summary: "Vote in a post's poll (once; not on a locked post or after the end)",
      caller: 'user',
      params: idParams,
      body: pollVoteSchema,
      response: postSchema,
      errors: [400, 403, 404, 409],
      handler: async ({ user, params, body }) =>
        present(user, await posts.vote(user, params.id, body.option)),
    }),
    like('POST', 'Like a post (idempotent)', true),
    like('DELETE', 'Unlike a post (idempotent)', false),
  ];
}

const postRoutes: FastifyPluginAsyncZod<{ posts: PostsService; presentPosts: PresentPosts }> = async (
  app,
  { posts, presentPosts },
) => {
  registerEndpoints(app, ['posts'], postEndpoints(posts, presentPosts));
};

export default postRoutes;
