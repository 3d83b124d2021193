import { createHash } from 'node:crypto';
import { planPrice } from '../../../common/plans.ts';
import type { PaymentProvider } from '../../adapters/payments/provider.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PaymentsStore } from '../../repositories/payments-store.ts';
import type { SubscriptionRecord } from '../../repositories/subscriptions.repository.ts';
import type { PaymentsLog, RefundService } from './refunds.service.ts';
import type { SettlementService } from './settlement.service.ts';

/** A renewal charge older than this without an answer is looked up at the provider. */
const PENDING_CHECK_AFTER_MS = 10 * 60 * 1000;

/** One reference per (plan, period, attempt): two workers can never charge the same attempt twice. */
export function renewalReference(subscriptionId: string, periodEnd: Date, attempt: number): string {
  const digest = createHash('sha256')
    .update(`${subscriptionId}:${periodEnd.toISOString()}:${attempt}`)
    .digest('hex');
  return `fp-ren-${digest.slice(0, 32)}`;
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
  store: PaymentsStore;
  provider: PaymentProvider;
  settlement: SettlementService;
  refunds: RefundService;
  clock: Clock;
  log: PaymentsLog;
  releaseAuthorization(code: string): Promise<void>;
}) {
  const { store, provider, settlement, clock, log } = deps;

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
      reference: renewalReference(subscription.id, subscription.currentPeriodEnd, attempt),
      purpose: 'renewal',
      planId,
      billingPeriod,
      amount: price.amount,
      currency: price.currency,
      subscriptionId: subscription.id,
      createdAt: clock.now(),
    });
    if (!payment) return false;
    if (payment.provider !== provider.name) {
      await settlement.failWithoutProvider(payment, `the ${payment.provider} provider is not configured`);
      return true;
    }
    try {
      const result = await provider.chargeAuthorization({
        reference: payment.reference,
        authorizationCode: subscription.authorizationCode,
        email: subscription.email,
        amount: price,
        metadata: {
          paymentId: payment.id,
          subscriptionId: subscription.id,
          purpose: 'renewal',
          attempt: String(attempt),
        },
      });
      await settlement.settle(payment, result);
    } catch (error) {
      // Unknown outcome: the charge stays pending and is looked up at the provider on a later run.
      log.warn({ err: error, reference: payment.reference }, 'renewal charge could not be confirmed');
    }
    return true;
  }

  async function verifyPendingRenewals(): Promise<number> {
    const stale = await store.payments.listPendingRenewals(
      new Date(clock.now().getTime() - PENDING_CHECK_AFTER_MS),
      50,
    );
    let verified = 0;
    for (const payment of stale) {
      try {
        const tx = payment.provider === provider.name ? await provider.verify(payment.reference) : null;
        if (tx) await settlement.settle(payment, tx);
        else await settlement.failWithoutProvider(payment, 'the provider has no such charge');
        verified += 1;
      } catch (error) {
        log.warn({ err: error, reference: payment.reference }, 'pending renewal could not be verified');
      }
    }
    return verified;
  }

  return {
    async runDue(): Promise<LifecycleReport> {
      const report: LifecycleReport = { charged: 0, ended: 0, verified: 0, refunded: 0 };
      for (const subscription of await store.subscriptions.listDue(clock.now(), 100)) {
        try {
          if (subscription.cancelAtPeriodEnd) {
            if (await end(subscription)) report.ended += 1;
          } else if (await charge(subscription)) {
            report.charged += 1;
          }
        } catch (error) {
          log.error({ err: error, subscriptionId: subscription.id }, 'subscription lifecycle step failed');
        }
      }
      report.verified = await verifyPendingRenewals();
      report.refunded = await deps.refunds.retryAwaiting();
      return report;
    },
  };
}

export type LifecycleService = ReturnType<typeof createLifecycleService>;
