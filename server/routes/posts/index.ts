import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock.ts';
import type { FeedsService } from '../../services/posts/feeds.service.ts';
import type { PresentPosts } from '../../services/posts/post-views.ts';
import type { PostsService } from '../../services/posts/posts.service.ts';
import feedRoutes from './feeds.ts';
import postRoutes from './posts.ts';

const postsRoutes: FastifyPluginAsyncZod<{
  posts: PostsService;
  feeds: FeedsService;
  /** Every answer with posts in it presents them through this (server/modules/posts.ts). */
  presentPosts: PresentPosts;
  clock: Clock;
  anonymousDiscoverCache: boolean;
}> = async (app, { posts, feeds, presentPosts, clock, anonymousDiscoverCache }) => {
  await app.register(postRoutes, { posts, presentPosts });
  await app.register(feedRoutes, { feeds, presentPosts, clock, anonymousDiscoverCache });
};

export default postsRoutes;
