import type { JobDefinition } from '../adapters/queue.ts';
import type { ScheduleReport } from '../services/posts/scheduler.service.ts';

export const PUBLISH_SCHEDULED_POSTS = 'publish-scheduled-posts';

/**
 * Every minute, and once at every start (a time that passed while the server was down): publishes
 * the scheduled posts that are due and hides expired ones. Scheduling a post also queues a run for
 * its exact time (server/services/posts/posts.service.ts), so it goes out within seconds of it.
 */
export function publishScheduledPostsJob(deps: {
  scheduler: { runDue(): Promise<ScheduleReport | null> };
  log: (report: ScheduleReport) => void;
}): JobDefinition {
  return {
    name: PUBLISH_SCHEDULED_POSTS,
    cron: '* * * * *',
    runOnStart: true,
    settings: { expireInSeconds: 5 * 60 },
    async handle() {
      const report = await deps.scheduler.runDue();
      if (report && (report.published > 0 || report.expired > 0)) deps.log(report);
    },
  };
}
