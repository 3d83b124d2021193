import { MAKE_DATA_EXPORT, makeDataExportJob, removeExpiredDataExportsJob } from '../jobs/data-exports.ts';
import safetyRoutes from '../routes/safety/index.ts';
import { createAccountDataService } from '../services/safety/account-data.service.ts';
import { createBlocksService } from '../services/safety/blocks.service.ts';
import { createEmailChangeService } from '../services/safety/email-change.service.ts';
import { createReportsService } from '../services/safety/reports.service.ts';
import { createSupportService } from '../services/safety/support.service.ts';
import type { BillingModule } from './billing.ts';
import type { MediaModule } from './media.ts';
import { defineModule } from './module.ts';
import type { Platform } from './platform.ts';
import type { RealtimeModule } from './realtime.ts';

/**
 * Blocks, reports, support, your data, email change (/api/me/..., /api/reports, /api/admin/...), and
 * the jobs that make data exports and remove them once expired.
 */
export function createSafetyModule(
  p: Platform,
  deps: { media: MediaModule; realtime: RealtimeModule; billing: BillingModule },
) {
  const { repos, clock, limiter, outbox } = p;
  const { subscriptions } = deps.billing.fanPayments;
  const accountData = createAccountDataService({
    data: repos.accountData,
    exports: repos.dataExports,
    users: repos.users,
    storage: p.media.storage,
    passwords: p.passwords,
    limiter,
    outbox,
    clock,
    startExport: async (exportId) => {
      await p.queue.send(MAKE_DATA_EXPORT, { exportId });
    },
    settingsUrl: `${p.config.publicUrl}/settings?tab=privacy-safety`,
    log: p.log,
  });
  return defineModule({
    name: 'safety',
    routes: async (app) => {
      await app.register(safetyRoutes, {
        blocks: createBlocksService({
          blocks: repos.blocks,
          users: repos.users,
          conversationChanges: deps.realtime.conversationChanges,
          endSubscription: (creatorUserId, fanId) => subscriptions.endForRemoval(creatorUserId, fanId),
          clock,
        }),
        reports: createReportsService({
          reports: repos.reports,
          posts: repos.posts,
          comments: repos.comments,
          library: deps.media.library,
          blockList: deps.media.blockList,
          limiter,
          clock,
        }),
        accountData,
        support: createSupportService({ support: repos.support, outbox, limiter, clock }),
        emailChange: createEmailChangeService({
          changes: repos.emailChanges,
          users: repos.users,
          passwords: p.passwords,
          outbox,
          limiter,
          clock,
          appSecret: p.config.appSecret,
        }),
      });
    },
    jobs: [
      makeDataExportJob({ exports: accountData }),
      removeExpiredDataExportsJob({
        exports: accountData,
        log: (removed) => p.log.info({ removed }, 'expired data exports removed'),
      }),
    ],
  });
}
