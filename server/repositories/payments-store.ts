import type { Database } from '../db/client.ts';
import { createLedgerRepository } from './ledger.repository.ts';
import { createPaymentEventsRepository } from './payment-events.repository.ts';
import { createPaymentsRepository } from './payments.repository.ts';
import { createSubscriptionsRepository } from './subscriptions.repository.ts';

function repositories(db: Database) {
  return {
    payments: createPaymentsRepository(db),
    subscriptions: createSubscriptionsRepository(db),
    events: createPaymentEventsRepository(db),
    ledger: createLedgerRepository(db),
  };
}

export type PaymentRepositories = ReturnType<typeof repositories>;

/**
 * The payments unit of work: the repositories on the plain connection, and `withTransaction`, which
 * hands the same repositories bound to one database transaction. An idempotency key, a payment's
 * state change and its effects (plan, ledger rows) are written there together or not at all.
 */
export function createPaymentsStore(db: Database) {
  return {
    ...repositories(db),
    withTransaction<T>(work: (tx: PaymentRepositories) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(repositories(tx)));
    },
  };
}

export type PaymentsStore = ReturnType<typeof createPaymentsStore>;
