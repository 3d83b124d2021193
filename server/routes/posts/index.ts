import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock.ts';
import type { FeedsService } from '../../services/posts/feeds.service.ts';
import type { PostsService } from '../../services/posts/posts.service.ts';
import feedRoutes from './feeds.ts';
import postRoutes from './posts.ts';

const postsRoutes: FastifyPluginAsyncZod<{
  posts: PostsService;
  feeds: FeedsService;
  clock: Clock;
  anonymousDiscoverCache: boolean;
}> = async (app, { posts, feeds, clock, anonymousDiscoverCache }) => {
  await app.register(postRoutes, { posts });
  await app.register(feedRoutes, { feeds, clock, anonymousDiscoverCache });
};

export default postsRoutes;
