import type { JobDefinition } from '../adapters/queue.ts';
import type { Database } from '../db/client.ts';
import { type Clock, systemClock } from '../lib/clock.ts';
import { createEventsRepository } from '../repositories/events.repository.ts';
import { createMediaRepository } from '../repositories/media.repository.ts';
import { createSessionsRepository } from '../repositories/sessions.repository.ts';
import { createMediaProcessor } from '../services/media/processing.service.ts';
import type { MediaRuntime } from '../services/media/runtime.ts';
import type { MonetizationLifecycleReport } from '../services/monetization/lifecycle.service.ts';
import type { LifecycleService } from '../services/payments/lifecycle.service.ts';
import { creatorSubscriptionsJob } from './creator-subscriptions.ts';
import { processMediaJob } from './process-media.ts';
import { pruneExpiredSessionsJob } from './prune-expired-sessions.ts';
import { pruneUserEventsJob } from './prune-user-events.ts';
import { subscriptionLifecycleJob } from './subscription-lifecycle.ts';
import { sweepMediaTempJob } from './sweep-media-temp.ts';

export interface JobLogger {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Every background job the platform runs; the web process and `npm run worker` share this list. */
export function createJobs(
  db: Database,
  log: JobLogger,
  media?: MediaRuntime,
  clock: Clock = systemClock,
  payments?: { lifecycle: LifecycleService },
  /** Fan subscriptions to creators (renewals, expiry, unfinished checkouts, owed refunds). */
  monetization?: { lifecycle: { runDue(): Promise<MonetizationLifecycleReport | null> } },
): JobDefinition<never>[] {
  const jobs: JobDefinition<never>[] = [
    pruneExpiredSessionsJob({
      sessions: createSessionsRepository(db),
      log: (removed) => log.info({ removed }, 'pruned expired sessions'),
    }),
    pruneUserEventsJob({
      events: createEventsRepository(db),
      clock,
      log: (removed) => log.info({ removed }, 'pruned pushed events'),
    }),
  ];
  if (media) {
    const processor = createMediaProcessor({
      media: createMediaRepository(db),
      storage: media.storage,
      ffmpeg: media.ffmpeg,
      clock,
      scratchRoot: media.scratchRoot,
      log,
    });
    jobs.push(
      processMediaJob({ processor, media: createMediaRepository(db), storage: media.storage, clock }),
      sweepMediaTempJob({
        runtime: media,
        clock,
        log: (removed) => log.info({ removed }, 'swept temporary media files'),
      }),
    );
  }
  if (payments) {
    jobs.push(
      subscriptionLifecycleJob({
        lifecycle: payments.lifecycle,
        log: (report) => log.info(report, 'subscription lifecycle'),
      }),
    );
  }
  if (monetization) {
    jobs.push(
      creatorSubscriptionsJob({
        lifecycle: monetization.lifecycle,
        log: (report) => log.info(report, 'creator subscriptions'),
      }),
    );
  }
  return jobs;
}
