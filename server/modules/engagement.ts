import { presentAuthor } from '../presenters/engagement/comment.ts';
import engagementRoutes from '../routes/engagement/index.ts';
import { createBookmarksService } from '../services/engagement/bookmarks.service.ts';
import { createCommentsService } from '../services/engagement/comments.service.ts';
import { createListsService } from '../services/engagement/lists.service.ts';
import { defineModule } from './module.ts';
import type { Platform } from './platform.ts';
import type { PostsModule } from './posts.ts';
import type { RealtimeModule } from './realtime.ts';

/** Comments, bookmarks and fans' lists of creators (/api/posts/:id/comments, /api/bookmarks, /api/lists). */
export function createEngagementModule(p: Platform, deps: { posts: PostsModule; realtime: RealtimeModule }) {
  const { repos, clock, limiter, log } = p;
  const { presentPosts, postsService } = deps.posts;
  return defineModule({
    name: 'engagement',
    routes: async (app) => {
      await app.register(engagementRoutes, {
        lists: createListsService({
          lists: repos.lists,
          creators: repos.creators,
          blocks: repos.blocks,
          posts: repos.posts,
          clock,
        }),
        bookmarks: createBookmarksService({
          posts: postsService,
          bookmarks: repos.bookmarks,
          clock,
        }),
        presentPosts,
        comments: createCommentsService({
          posts: postsService,
          comments: repos.comments,
          blocks: repos.blocks,
          limiter,
          notifications: deps.realtime.notifications,
          events: deps.realtime.events,
          clock,
          publicUrl: p.config.publicUrl,
          onError: (error) => log.error({ err: error }, 'announcing a comment count failed'),
          present: { authorName: (author) => presentAuthor(author).name },
        }),
      });
    },
  });
}
