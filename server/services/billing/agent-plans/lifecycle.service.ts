import { planPrice } from '../../../../common/plans.ts';
import type { PaymentProvider } from '../../../adapters/payments/provider.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { SubscriptionRecord } from '../../../repositories/billing/agent-plans/agent-plans.repository.ts';
import type { AgentPlansStore } from '../../../repositories/billing/agent-plans/agent-plans-store.ts';
import { type PaymentsLog, renewalJob, renewalReference } from '../core/renewals.ts';
import type { RefundService } from './refunds.service.ts';
import type { AgentPlanSettlement } from './settlement.service.ts';

/** A renewal charge older than this without an answer is looked up at the provider. */
const PENDING_CHECK_AFTER_MS = 10 * 60 * 1000;

/**
 * Stops a saved card authorization from being charged again (a plan that ended); a provider that
 * cannot be reached is only logged, the plan has ended either way.
 */
export function createAuthorizationReleaser(provider: PaymentProvider, log: PaymentsLog) {
  return async (code: string): Promise<void> => {
    if (!code) return;
    await provider.deactivateAuthorization(code).catch((error: unknown) => {
      log.warn({ err: error }, 'card authorization could not be deactivated');
    });
  };
}

export interface LifecycleReport {
  charged: number;
  ended: number;
  verified: number;
  refunded: number;
}

/**
 * What no webhook moves: trials and periods that ended (charge the saved card, or end the plan when
 * it was cancelled), failed renewals due for another try, renewal charges still unanswered, and
 * refunds still owed. Every step is idempotent, so the job may run often and in parallel.
 */
export function createLifecycleService(deps: {
  store: AgentPlansStore;
  provider: PaymentProvider;
  settlement: AgentPlanSettlement;
  refunds: RefundService;
  clock: Clock;
  log: PaymentsLog;
  releaseAuthorization(code: string): Promise<void>;
}) {
  const { store, provider, settlement, clock, log } = deps;
  const job = renewalJob({ provider, settlement, log });

  async function end(subscription: SubscriptionRecord): Promise<boolean> {
    const ended = await store.withTransaction(async (r) => {
      await r.subscriptions.lockOwner(subscription.userId);
      const fresh = await r.subscriptions.findById(subscription.id);
      if (!fresh?.cancelAtPeriodEnd || !['trialing', 'active', 'past_due'].includes(fresh.status))
        return false;
      if (fresh.currentPeriodEnd > clock.now()) return false;
      await r.subscriptions.update(fresh.id, {
        status: 'canceled',
        endedAt: fresh.currentPeriodEnd,
        nextRetryAt: null,
        updatedAt: clock.now(),
      });
      return true;
    });
    if (ended) await deps.releaseAuthorization(subscription.authorizationCode);
    return ended;
  }

  async function charge(subscription: SubscriptionRecord): Promise<boolean> {
    const planId = subscription.pendingPlanId ?? subscription.planId;
    const billingPeriod = subscription.pendingBillingPeriod ?? subscription.billingPeriod;
    const price = planPrice(planId, billingPeriod);
    const attempt = subscription.renewalAttempts + 1;
    const payment = await store.payments.createIfAbsent({
      userId: subscription.userId,
      provider: subscription.provider,
      reference: renewalReference(
        'fp-ren',
        `${subscription.id}:${subscription.currentPeriodEnd.toISOString()}:${attempt}`,
      ),
      purpose: 'renewal',
      planId,
      billingPeriod,
      amount: price.amount,
      currency: price.currency,
      subscriptionId: subscription.id,
      createdAt: clock.now(),
    });
    if (!payment) return false;
    await job.chargeSavedCard(payment, {
      authorizationCode: subscription.authorizationCode,
      email: async () => subscription.email,
      amount: price,
      metadata: { subscriptionId: subscription.id, purpose: 'renewal', attempt: String(attempt) },
      unconfirmed: 'renewal charge could not be confirmed',
    });
    return true;
  }

  return {
    async runDue(): Promise<LifecycleReport> {
      const due = await store.subscriptions.listDue(clock.now(), 100);
      const steps = { ends: (s: SubscriptionRecord) => s.cancelAtPeriodEnd, end, renew: charge };
      const { ended, renewed } = await job.endOrRenew(due, steps, 'subscription lifecycle step failed');
      const stale = await store.payments.listPendingRenewals(
        new Date(clock.now().getTime() - PENDING_CHECK_AFTER_MS),
        50,
      );
      return {
        charged: renewed,
        ended,
        verified: await job.lookUpOpenPayments(stale, 'pending renewal could not be verified'),
        refunded: await deps.refunds.retryAwaiting(),
      };
    },
  };
}

export type LifecycleService = ReturnType<typeof createLifecycleService>;
