import type { JobDefinition } from '../adapters/queue.ts';
import type { LifecycleReport, LifecycleService } from '../services/billing/agent-plans/lifecycle.service.ts';

export const SUBSCRIPTION_LIFECYCLE = 'subscription-lifecycle';

/**
 * Every 10 minutes: trial ends and renewals are charged, failed renewals retried (after 1 and 3 days)
 * then expired, cancelled plans ended, unanswered charges looked up and owed refunds made.
 */
export function subscriptionLifecycleJob(deps: {
  lifecycle: LifecycleService;
  log: (report: LifecycleReport) => void;
}): JobDefinition {
  return {
    name: SUBSCRIPTION_LIFECYCLE,
    cron: '*/10 * * * *',
    async handle() {
      const report = await deps.lifecycle.runDue();
      if (report.charged + report.ended + report.verified + report.refunded > 0) deps.log(report);
    },
  };
}
