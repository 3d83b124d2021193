import { pathTo } from '../../../common/routes.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PostsRepository } from '../../repositories/posts/index.ts';
import type { NotificationsService } from '../realtime/notifications.service.ts';
import { postPublishedEmail } from './emails.ts';

export interface ScheduleReport {
  published: number;
  expired: number;
}

/**
 * Publishes scheduled posts whose time has come (telling each creator in the bell, and their
 * subscribers by push) and hides
 * posts whose end date has passed. Run by the publish-scheduled-posts job (server/jobs/), which
 * also runs once on every start, so a time that passed while the server was down is caught up.
 */
export function createPostScheduler(deps: {
  posts: Pick<PostsRepository, 'publishDue' | 'expireDue'>;
  notifications: Pick<NotificationsService, 'notify' | 'newPost'>;
  clock: Clock;
  publicUrl: string;
}) {
  return {
    async runDue(): Promise<ScheduleReport> {
      const now = deps.clock.now();
      const published = await deps.posts.publishDue(now);
      for (const post of published) {
        await deps.notifications.notify({
          userId: post.creatorUserId,
          kind: 'post_published',
          actorId: null,
          text: 'Your scheduled post was published',
          link: pathTo('publicProfile', { id: post.handle }),
          email: (to) =>
            postPublishedEmail(to, `${deps.publicUrl}${pathTo('publicProfile', { id: post.handle })}`),
        });
        await deps.notifications.newPost({
          id: post.id,
          creatorId: post.creatorId,
          creatorName: post.displayName,
        });
      }
      const expired = await deps.posts.expireDue(now);
      return { published: published.length, expired };
    },
  };
}

export type PostScheduler = ReturnType<typeof createPostScheduler>;
