import type { Outbox } from '../../../adapters/mail/index.ts';
import type { TransferProvider } from '../../../adapters/payments/transfers.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { UsersRepository } from '../../../repositories/auth/users.repository.ts';
import type { PayoutsStore } from '../../../repositories/billing/payouts/payouts-store.ts';
import { createPayoutAccounts } from './accounts.service.ts';
import { createPayoutNotifier, type PayoutNotice } from './notifier.ts';
import { createPayoutReconciliation } from './reconcile.service.ts';
import { createPayoutRequests } from './requests.service.ts';
import { createPayoutTransfers } from './transfers.service.ts';

/** A payout with no conclusive word for this long is asked about (the verify job). */
export const VERIFY_AFTER_MINUTES = 30;

/**
 * Creator payouts (docs/decisions/0037-payouts.md), built once per process from the payouts' unit of
 * work. `transfers` null: every payout is sent by hand (the manual path, same records and postings).
 */
export function createPayoutServices(deps: {
  store: PayoutsStore;
  transfers: TransferProvider | null;
  users: Pick<UsersRepository, 'findById'>;
  outbox: Pick<Outbox, 'sendInBackground'>;
  inApp: ((notice: PayoutNotice) => Promise<void>) | null;
  clock: Clock;
  publicUrl: string;
  holdDays: number;
  minimumCents: number;
  rateMaxAgeHours: number;
  queueInitiate(payoutId: string): Promise<void>;
  log: { warn(details: object, message: string): void; error(details: object, message: string): void };
  verifyAfterMinutes?: number;
}) {
  const { store, clock, log } = deps;
  const notifier = createPayoutNotifier({
    outbox: deps.outbox,
    inApp: deps.inApp,
    users: deps.users,
    publicUrl: deps.publicUrl,
    log,
  });
  const requests = createPayoutRequests({
    store,
    transfersEnabled: deps.transfers !== null,
    clock,
    holdDays: deps.holdDays,
    minimumCents: deps.minimumCents,
    rateMaxAgeHours: deps.rateMaxAgeHours,
    queueInitiate: deps.queueInitiate,
  });
  const accounts = createPayoutAccounts({ store, transfers: deps.transfers, notifier, clock });
  const transfers = deps.transfers
    ? createPayoutTransfers({
        store,
        transfers: deps.transfers,
        notifier,
        clock,
        verifyAfterMinutes: deps.verifyAfterMinutes ?? VERIFY_AFTER_MINUTES,
        log,
      })
    : null;
  const reconciliation = deps.transfers
    ? createPayoutReconciliation({ store, transfers: deps.transfers, clock })
    : null;
  return { accounts, requests, transfers, reconciliation };
}

export type PayoutServices = ReturnType<typeof createPayoutServices>;
