import type { Database } from '../../../db/client.ts';
import { createLedgerRepository } from './ledger.repository.ts';
import { createPaymentEventsRepository } from './payment-events.repository.ts';

/**
 * What every billing unit of work holds (agent-plans-store.ts, fan-payments-store.ts): the one
 * ledger, and the provider events each recorded once.
 */
export const billingCoreRepositories = (db: Database) => ({
  ledger: createLedgerRepository(db),
  events: createPaymentEventsRepository(db),
});
