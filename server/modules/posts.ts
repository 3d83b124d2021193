import { PUBLISH_SCHEDULED_POSTS, publishScheduledPostsJob } from '../jobs/publish-scheduled-posts.ts';
import { createPostViews } from '../presenters/posts/post-views.ts';
import postsRoutes from '../routes/posts/index.ts';
import { createFeedsService } from '../services/posts/feeds.service.ts';
import { createPostFacts } from '../services/posts/post-views.ts';
import { createPostsService } from '../services/posts/posts.service.ts';
import { createPostScheduler } from '../services/posts/scheduler.service.ts';
import type { MediaModule } from './media.ts';
import { defineModule } from './module.ts';
import type { Platform } from './platform.ts';
import type { RealtimeModule } from './realtime.ts';

/**
 * Posts, likes and the feeds (/api/posts, /api/discover, /api/feed, ...), and the job that publishes
 * scheduled posts. Other modules show posts with its `presentPosts`.
 */
export function createPostsModule(
  p: Platform,
  deps: { media: MediaModule; realtime: RealtimeModule; anonymousDiscoverCache: boolean },
) {
  const { repos, clock, log } = p;
  // Services answer facts (rows); the endpoints present them: the viewer's standing on each post is
  // read by the facts reader, then shaped by the presenter.
  const postFacts = createPostFacts({
    posts: repos.posts,
    creators: repos.creators,
    entitlements: repos.entitlements,
    bookmarks: repos.bookmarks,
    clock,
  });
  const presentPosts = createPostViews({ facts: postFacts, links: deps.media.links, clock });
  const postsService = createPostsService({
    posts: repos.posts,
    creators: repos.creators,
    blocks: repos.blocks,
    ownedMedia: deps.media.ownedMedia,
    library: deps.media.library,
    facts: postFacts,
    notifications: deps.realtime.notifications,
    clock,
    publicUrl: p.config.publicUrl,
    wakeAt: async (at) => {
      await p.queue.send(PUBLISH_SCHEDULED_POSTS, {}, { startAfter: at });
    },
  });
  const scheduler = createPostScheduler({
    posts: repos.posts,
    notifications: deps.realtime.notifications,
    clock,
    publicUrl: p.config.publicUrl,
  });
  return defineModule({
    name: 'posts',
    presentPosts,
    postsService,
    routes: async (app) => {
      await app.register(postsRoutes, {
        posts: postsService,
        feeds: createFeedsService({
          posts: repos.posts,
          creators: repos.creators,
          clock,
        }),
        presentPosts,
        clock,
        anonymousDiscoverCache: deps.anonymousDiscoverCache,
      });
    },
    jobs: [
      publishScheduledPostsJob({
        scheduler,
        log: (report) => log.info(report, 'scheduled posts'),
      }),
    ],
  });
}

export type PostsModule = ReturnType<typeof createPostsModule>;
