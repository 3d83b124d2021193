import { presentCreatorPage } from '../presenters/creators/creator.ts';
import adminCreatorRoutes from '../routes/admin/creators.ts';
import creatorRoutes from '../routes/creators/index.ts';
import { createCreatorsService } from '../services/creators/creators.service.ts';
import { createOnboardingService } from '../services/creators/onboarding.service.ts';
import { createCreatorReviewService } from '../services/creators/review.service.ts';
import type { MediaModule } from './media.ts';
import { defineModule } from './module.ts';
import type { Platform } from './platform.ts';
import type { RealtimeModule } from './realtime.ts';

/** Creator profiles, follows, onboarding (/api/creators) and the admins' review (/api/admin/creators). */
export function createCreatorsModule(p: Platform, deps: { media: MediaModule; realtime: RealtimeModule }) {
  const { repos, clock } = p;
  const { ownedMedia } = deps.media;
  const creators = createCreatorsService({
    creators: repos.creators,
    blocks: repos.blocks,
    likes: repos.likes,
    purchases: repos.purchases,
    ownedMedia,
    notifications: deps.realtime.notifications,
    conversationChanges: deps.realtime.conversationChanges,
    clock,
  });
  return defineModule({
    name: 'creators',
    routes: async (app) => {
      await app.register(creatorRoutes, {
        creators,
        onboarding: createOnboardingService({
          onboarding: repos.onboarding,
          creators: repos.creators,
          profiles: {
            present: async (viewer, creator) => presentCreatorPage(await creators.pageOf(viewer, creator)),
          },
          ownedMedia,
          clock,
        }),
      });
      await app.register(adminCreatorRoutes, {
        review: createCreatorReviewService({
          creators: repos.creators,
          users: repos.users,
          profiles: creators,
          ownedMedia,
          outbox: p.outbox,
          notifications: deps.realtime.notifications,
          clock,
          publicUrl: p.config.publicUrl,
        }),
      });
    },
  });
}
