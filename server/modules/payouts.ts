import type { FastifyInstance } from 'fastify';
import type { Outbox } from '../adapters/mail/index.ts';
import type { TransferProvider } from '../adapters/payments/transfers.ts';
import type { Config } from '../config.ts';
import { INITIATE_PAYOUT } from '../jobs/payouts.ts';
import type { Clock } from '../lib/clock.ts';
import { registerPayoutEndpoints } from '../routes/billing/payouts/index.ts';
import type { WalletService } from '../services/billing/fan-payments/wallet.service.ts';
import { createPayoutDesk, type PayoutDesk } from '../services/billing/payouts/desk.service.ts';
import { createPayoutServices, type PayoutServices } from '../services/billing/payouts/index.ts';
import type { NotificationsService } from '../services/realtime/notifications.service.ts';
import type { Platform } from './platform.ts';
import type { Repositories } from './repositories.ts';

/**
 * Creator payouts (docs/decisions/0037-payouts.md), built the same way by the web process and the
 * worker: the services below HTTP, whose jobs (server/jobs/payouts.ts) both may run. Built before
 * the job queue starts, so `send` is looked up when a payout is made, not when this is built.
 */
export function createPayouts(deps: {
  config: Config;
  repos: Pick<Repositories, 'payouts' | 'users'>;
  transfers: TransferProvider | null;
  outbox: Pick<Outbox, 'sendInBackground'>;
  /** The in-app notice (the bell); null where there is none yet (looked up at each notice). */
  notifications: () => Pick<NotificationsService, 'notify'> | null;
  clock: Clock;
  log: { warn(details: object, message: string): void; error(details: object, message: string): void };
  queue: () => { send(name: string, data: object): Promise<string | null> };
}): PayoutServices {
  const { config } = deps;
  return createPayoutServices({
    store: deps.repos.payouts,
    transfers: deps.transfers,
    users: deps.repos.users,
    outbox: deps.outbox,
    inApp: async (notice) => {
      await deps.notifications()?.notify({
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
      await deps.queue().send(INITIATE_PAYOUT, { payoutId });
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
