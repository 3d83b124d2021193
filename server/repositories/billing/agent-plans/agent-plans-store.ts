import type { Database } from '../../../db/client.ts';
import { unitOfWork } from '../../rows.ts';
import { billingCoreRepositories } from '../core/billing-core.ts';
import { createPaymentsRepository } from './agent-plan-payments.repository.ts';
import { createSubscriptionsRepository } from './agent-plans.repository.ts';

const repositories = (db: Database) => ({
  ...billingCoreRepositories(db),
  payments: createPaymentsRepository(db),
  subscriptions: createSubscriptionsRepository(db),
});

export type AgentPlanRepositories = ReturnType<typeof repositories>;

/**
 * The agent plans' unit of work (`unitOfWork` in rows.ts): an idempotency key, a payment's state
 * change and its effects (plan, ledger rows) are written together or not at all.
 */
export const createAgentPlansStore = (db: Database) => unitOfWork(db, repositories);

export type AgentPlansStore = ReturnType<typeof createAgentPlansStore>;
