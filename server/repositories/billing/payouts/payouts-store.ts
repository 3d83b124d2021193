import type { Database } from '../../../db/client.ts';
import { unitOfWork } from '../../rows.ts';
import { billingCoreRepositories } from '../core/billing-core.ts';
import { createExchangeRatesRepository } from '../core/exchange-rates.repository.ts';
import { createPayoutAccountsRepository } from './payout-accounts.repository.ts';
import { createPayoutReconciliationsRepository } from './payout-reconciliations.repository.ts';
import { createPayoutSettingsRepository } from './payout-settings.repository.ts';
import { createPayoutsRepository } from './payouts.repository.ts';

const repositories = (db: Database) => ({
  ...billingCoreRepositories(db),
  payouts: createPayoutsRepository(db),
  accounts: createPayoutAccountsRepository(db),
  settings: createPayoutSettingsRepository(db),
  rates: createExchangeRatesRepository(db),
  reconciliations: createPayoutReconciliationsRepository(db),
});

export type PayoutRepositories = ReturnType<typeof repositories>;

/**
 * The payouts' unit of work (`unitOfWork` in rows.ts): a payout's state change, its ledger posting
 * and the provider event that caused it are written together or not at all.
 */
export const createPayoutsStore = (db: Database) => unitOfWork(db, repositories);

export type PayoutsStore = ReturnType<typeof createPayoutsStore>;
