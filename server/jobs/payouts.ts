import type { JobDefinition } from '../adapters/queue.ts';
import type { Clock } from '../lib/clock.ts';
import type { ReconcileReport } from '../services/billing/payouts/reconcile.service.ts';
import type { WeeklyReport } from '../services/billing/payouts/requests.service.ts';
import type { Applied, VerifyReport } from '../services/billing/payouts/transfers.service.ts';

export const INITIATE_PAYOUT = 'initiate-payout';
export const VERIFY_PAYOUTS = 'verify-payouts';
export const WEEKLY_PAYOUTS = 'weekly-payouts';
export const RECONCILE_PAYOUTS = 'reconcile-payouts';

/**
 * Sends one transfer payout (queued when it is made: `queueInitiate` sends this job). Its money was
 * set aside when it was made; the transfer goes under the payout's own reference, so a retry of this
 * job can never pay twice (the provider refuses a reference twice, and that reads as "verify").
 */
export function initiatePayoutJob(deps: {
  transfers: { initiate(payoutId: string): Promise<Applied> };
  log: (details: { payoutId: string; note: string }) => void;
}): JobDefinition<{ payoutId: string }> {
  return {
    name: INITIATE_PAYOUT,
    settings: { expireInSeconds: 5 * 60, retryLimit: 5, retryDelaySeconds: 30 },
    async handle({ payoutId }) {
      const applied = await deps.transfers.initiate(payoutId);
      deps.log({ payoutId, note: applied.note });
    },
  };
}

/**
 * Every 10 minutes and at start: payouts with no conclusive word (a lost webhook, a call that timed
 * out) are settled from the provider's own answer, and queued ones whose initiate job was lost are sent.
 */
export function verifyPayoutsJob(deps: {
  transfers: { verifyStale(): Promise<VerifyReport> };
  log: (report: VerifyReport) => void;
}): JobDefinition {
  return {
    name: VERIFY_PAYOUTS,
    cron: '*/10 * * * *',
    runOnStart: true,
    settings: { expireInSeconds: 10 * 60 },
    async handle() {
      const report = await deps.transfers.verifyStale();
      if (report.checked > 0) deps.log(report);
    },
  };
}

/** Every day at 06:00 UTC: the weekly payouts of the creators whose payout weekday is today. */
export function weeklyPayoutsJob(deps: {
  requests: { runWeekly(): Promise<WeeklyReport> };
  log: (report: WeeklyReport) => void;
}): JobDefinition {
  return {
    name: WEEKLY_PAYOUTS,
    cron: '0 6 * * *',
    settings: { expireInSeconds: 30 * 60 },
    async handle() {
      deps.log(await deps.requests.runWeekly());
    },
  };
}

/**
 * Every day at 05:00 UTC: the last two days of transfers against the provider's list, and its
 * balance against the payouts due. Differences are logged as an error for an operator to look at.
 */
export function reconcilePayoutsJob(deps: {
  reconciliation: { reconcile(period: { from: Date; to: Date }): Promise<ReconcileReport> };
  clock: Clock;
  log: (report: ReconcileReport) => void;
  alert: (report: ReconcileReport) => void;
}): JobDefinition {
  return {
    name: RECONCILE_PAYOUTS,
    cron: '0 5 * * *',
    settings: { expireInSeconds: 30 * 60 },
    async handle() {
      const to = deps.clock.now();
      const from = new Date(to.getTime() - 2 * 24 * 3_600_000);
      const report = await deps.reconciliation.reconcile({ from, to });
      if (report.differences.length > 0 || report.balances.some((check) => check.short)) deps.alert(report);
      else deps.log(report);
    },
  };
}
