import type { JobDefinition } from '../adapters/queue.ts';
import { type Clock, systemClock } from '../lib/clock.ts';
import type { MediaRuntime } from '../modules/media-runtime.ts';
import type { Repositories } from '../modules/repositories.ts';
import type { LifecycleService } from '../services/billing/agent-plans/lifecycle.service.ts';
import type { FanPaymentLifecycleReport } from '../services/billing/fan-payments/lifecycle.service.ts';
import type { PayoutServices } from '../services/billing/payouts/index.ts';
import { createMediaProcessor } from '../services/media/processing.service.ts';
import type { ScheduleReport } from '../services/posts/scheduler.service.ts';
import { creatorSubscriptionsJob } from './creator-subscriptions.ts';
import { initiatePayoutJob, reconcilePayoutsJob, verifyPayoutsJob, weeklyPayoutsJob } from './payouts.ts';
import { processMediaJob } from './process-media.ts';
import { pruneExpiredSessionsJob } from './prune-expired-sessions.ts';
import { pruneUserEventsJob } from './prune-user-events.ts';
import { publishScheduledPostsJob } from './publish-scheduled-posts.ts';
import { sendMassMessageJob } from './send-mass-message.ts';
import { subscriptionLifecycleJob } from './subscription-lifecycle.ts';
import { sweepMediaTempJob } from './sweep-media-temp.ts';

export interface JobLogger {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * What the jobs run on. `repos` and `log` always; every other part is optional: a process without
 * it (a test, the worker before it has media) simply does not run its jobs.
 */
export interface JobParts {
  /** From server/modules/repositories.ts: the process's one set of repositories. */
  repos: Pick<Repositories, 'sessions' | 'events' | 'media'>;
  log: JobLogger;
  clock?: Clock;
  media?: MediaRuntime;
  /** Agent plans' renewals and expiry. */
  payments?: { lifecycle: LifecycleService };
  /** Fan subscriptions to creators (renewals, expiry, unfinished checkouts, owed refunds). */
  fanPayments?: { lifecycle: { runDue(): Promise<FanPaymentLifecycleReport | null> } };
  /** Scheduled posts going out and expired ones hidden. */
  postScheduler?: { runDue(): Promise<ScheduleReport | null> };
  /** Mass messages going out in batches (server/services/messaging/mass-message-delivery.ts). */
  massMessages?: { deliver(id: string): Promise<number> };
  /** Creator payouts: transfers sent and verified, weekly payouts, the daily reconciliation. */
  payouts?: Pick<PayoutServices, 'requests' | 'transfers' | 'reconciliation'>;
}

/** Every background job the platform runs; the web process and `npm run worker` share this list. */
export function createJobs(parts: JobParts): JobDefinition<never>[] {
  const { repos, log, media, payments, fanPayments, postScheduler, massMessages, payouts } = parts;
  const clock = parts.clock ?? systemClock;
  const jobs: JobDefinition<never>[] = [
    pruneExpiredSessionsJob({
      sessions: repos.sessions,
      log: (removed) => log.info({ removed }, 'pruned expired sessions'),
    }),
    pruneUserEventsJob({
      events: repos.events,
      clock,
      log: (removed) => log.info({ removed }, 'pruned pushed events'),
    }),
  ];
  if (media) {
    const processor = createMediaProcessor({
      media: repos.media,
      storage: media.storage,
      ffmpeg: media.ffmpeg,
      clock,
      scratchRoot: media.scratchRoot,
      log,
    });
    jobs.push(
      processMediaJob({
        processor,
        media: repos.media,
        storage: media.storage,
        clock,
        retryDelaySeconds: media.retryDelaySeconds,
      }),
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
  if (fanPayments) {
    jobs.push(
      creatorSubscriptionsJob({
        lifecycle: fanPayments.lifecycle,
        log: (report) => log.info(report, 'creator subscriptions'),
      }),
    );
  }
  if (postScheduler) {
    jobs.push(
      publishScheduledPostsJob({
        scheduler: postScheduler,
        log: (report) => log.info(report, 'scheduled posts'),
      }),
    );
  }
  if (massMessages) {
    jobs.push(
      sendMassMessageJob({
        delivery: massMessages,
        log: (details) => log.info(details, 'mass message delivered'),
      }),
    );
  }
  if (payouts) {
    jobs.push(
      weeklyPayoutsJob({
        requests: payouts.requests,
        log: (report) => log.info(report, 'weekly payouts'),
      }),
    );
    const { transfers, reconciliation } = payouts;
    if (transfers) {
      jobs.push(
        initiatePayoutJob({
          transfers,
          log: (details) => log.info(details, 'payout transfer'),
        }) as JobDefinition<never>,
        verifyPayoutsJob({ transfers, log: (report) => log.info(report, 'payouts verified') }),
      );
    }
    if (reconciliation) {
      jobs.push(
        reconcilePayoutsJob({
          reconciliation,
          clock,
          log: (report) => log.info(report, 'payouts reconciled'),
          alert: (report) => log.error(report, 'payouts differ from the provider'),
        }),
      );
    }
  }
  return jobs;
}
