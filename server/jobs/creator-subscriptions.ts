import type { JobDefinition } from '../adapters/queue.ts';
import type { FanPaymentLifecycleReport } from '../services/billing/fan-payments/lifecycle.service.ts';

export const CREATOR_SUBSCRIPTIONS = 'creator-subscriptions';

/**
 * Every 5 minutes: fan subscriptions to creators are renewed on the saved card before their period
 * ends, failed renewals retried (1 and 3 days after the period) then expired, cancelled ones ended
 * when their period is over, unfinished checkouts looked up and owed refunds sent. Access does not
 * wait for this job: it ends at the period's end by the clock.
 */
export function creatorSubscriptionsJob(deps: {
  lifecycle: { runDue(): Promise<FanPaymentLifecycleReport | null> };
  log: (report: FanPaymentLifecycleReport) => void;
}): JobDefinition {
  return {
    name: CREATOR_SUBSCRIPTIONS,
    cron: '*/5 * * * *',
    async handle() {
      const report = await deps.lifecycle.runDue();
      if (report && report.renewed + report.ended + report.verified + report.refunded > 0) deps.log(report);
    },
  };
}
