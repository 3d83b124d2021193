import type { FastifyInstance } from 'fastify';
import type { Outbox } from '../adapters/mail/index.ts';
import type { TransferProvider } from '../adapters/payments/transfers.ts';
import type { JobDefinition, Queue } from '../adapters/queue.ts';
import type { Config } from '../config.ts';
import {
  INITIATE_PAYOUT,
  initiatePayoutJob,
  reconcilePayoutsJob,
  verifyPayoutsJob,
  weeklyPayoutsJob,
} from '../jobs/payouts.ts';
import type { Clock } from '../lib/clock.ts';
import { registerPayoutEndpoints } from '../routes/billing/payouts/index.ts';
import type { WalletService } from '../services/billing/fan-payments/wallet.service.ts';
import { createPayoutDesk, type PayoutDesk } from '../services/billing/payouts/desk.service.ts';
import { createPayoutServices, type PayoutServices } from '../services/billing/payouts/index.ts';
import type { NotificationsService } from '../services/realtime/notifications.service.ts';
import type { Platform } from './platform.ts';
import type { Repositories } from './repositories.ts';

/**
 * Creator payouts (docs/decisions/0037-payouts.md), part of the billing module: the services below
 * HTTP, whose jobs (server/jobs/payouts.ts) the web process or the worker runs.
 */
export function createPayouts(deps: {
  config: Config;
  repos: Pick<Repositories, 'payouts' | 'users'>;
  transfers: TransferProvider | null;
  outbox: Pick<Outbox, 'sendInBackground'>;
  /** The in-app notice (the bell). */
  notifications: Pick<NotificationsService, 'notify'>;
  clock: Clock;
  log: { warn(details: object, message: string): void; error(details: object, message: string): void };
  queue: Pick<Queue, 'send'>;
}): PayoutServices {
  const { config } = deps;
  return createPayoutServices({
    store: deps.repos.payouts,
    transfers: deps.transfers,
    users: deps.repos.users,
    outbox: deps.outbox,
    inApp: async (notice) => {
      await deps.notifications.notify({
        userId: notice.userId,
        kind: 'payout',
        actorId: null,
        text: notice.text,
        link: notice.link,
      });
    },
    clock: deps.clock,
    publicUrl: config.publicUrl,
    holdDays: config.payments.earningsHoldDays,
    minimumCents: config.payments.payouts.minimumCents,
    rateMaxAgeHours: config.payments.payouts.rateMaxAgeHours,
    queueInitiate: async (payoutId) => {
      await deps.queue.send(INITIATE_PAYOUT, { payoutId });
    },
    log: deps.log,
  });
}

/** The payout endpoints (server/routes/billing/payouts/): a creator's own, and the admins'. */
export function registerPayouts(
  app: FastifyInstance,
  p: Platform,
  deps: { services: PayoutServices; wallet: Pick<WalletService, 'markPaid'> },
): PayoutDesk {
  const desk = createPayoutDesk({
    payouts: deps.services,
    store: p.repos.payouts,
    wallet: deps.wallet,
    creators: p.repos.creators,
    passwords: p.passwords,
    limiter: p.limiter,
    clock: p.clock,
    log: p.log,
    transfersEnabled: deps.services.transfers !== null,
    holdDays: p.config.payments.earningsHoldDays,
    rateMaxAgeHours: p.config.payments.payouts.rateMaxAgeHours,
  });
  registerPayoutEndpoints(app, desk);
  return desk;
}

/** The payout jobs: weekly payouts always; transfers sent and verified, and the reconciliation, where transfers are on. */
export function payoutJobs(
  payouts: Pick<PayoutServices, 'requests' | 'transfers' | 'reconciliation'>,
  deps: {
    clock: Clock;
    log: { info(details: object, message: string): void; error(details: object, message: string): void };
  },
): JobDefinition<never>[] {
  const { log } = deps;
  const jobs: JobDefinition<never>[] = [
    weeklyPayoutsJob({ requests: payouts.requests, log: (report) => log.info(report, 'weekly payouts') }),
  ];
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
        clock: deps.clock,
        log: (report) => log.info(report, 'payouts reconciled'),
        alert: (report) => log.error(report, 'payouts differ from the provider'),
      }),
    );
  }
  return jobs;
}
