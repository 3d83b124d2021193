import type { PaymentProvider, ProviderTransaction } from '../../../adapters/payments/provider.ts';
import { addDays, type Clock } from '../../../lib/clock.ts';
import type { FanPaymentRecord } from '../../../repositories/billing/fan-payments/fan-payments.repository.ts';
import type { FanPaymentsStore } from '../../../repositories/billing/fan-payments/fan-payments-store.ts';
import type { CreatorSubscriptionRecord } from '../../../repositories/billing/fan-payments/fan-subscriptions.repository.ts';
import type { CreatorsRepository } from '../../../repositories/creators/creators.repository.ts';
import type { BlocksRepository } from '../../../repositories/safety/blocks.repository.ts';
import { type PaymentsLog, renewalJob, renewalReference } from '../core/renewals.ts';
import { planDays } from './pricing.ts';
import type { FanRefundService } from './refunds.service.ts';
import type { FanPaymentSettlement } from './settlement.service.ts';

/** Renewals are charged this long before the period ends, so a renewing fan never loses access. */
export const RENEW_AHEAD_MS = 60 * 60 * 1000;
/** A checkout or charge older than this with no answer is looked up at the provider. */
const LOOK_UP_AFTER_MS = 10 * 60 * 1000;
/** A checkout still unpaid after this long is marked abandoned (a later payment still counts). */
const ABANDON_AFTER_MS = 24 * 60 * 60 * 1000;

export interface FanPaymentLifecycleReport {
  renewed: number;
  ended: number;
  verified: number;
  refunded: number;
}

/**
 * What no webhook moves: renewals charged on the saved card before the period ends, failed ones
 * retried then expired, cancelled subscriptions ended when their period is over, checkouts nobody
 * finished looked up, and refunds still owed. Every step is idempotent, so the job may run often.
 * Access itself never waits for this job: it ends at `currentPeriodEnd` by the clock.
 */
export function createFanPaymentLifecycle(deps: {
  store: FanPaymentsStore;
  provider: PaymentProvider;
  settlement: FanPaymentSettlement;
  refunds: FanRefundService;
  creators: Pick<CreatorsRepository, 'findById'>;
  blocks: Pick<BlocksRepository, 'between'>;
  clock: Clock;
  log: PaymentsLog;
}) {
  const { store, provider, settlement, clock, log } = deps;
  const job = renewalJob({ provider, settlement, log });

  /** Ends a cancelled subscription whose paid period is over. */
  async function end(subscription: CreatorSubscriptionRecord): Promise<boolean> {
    return store.withTransaction(async (r) => {
      const fresh = await r.subscriptions.lock(subscription.id);
      const now = clock.now();
      if (fresh?.status !== 'canceled' || fresh.currentPeriodEnd > now) return false;
      await r.subscriptions.update(fresh.id, {
        status: 'expired',
        endedAt: fresh.currentPeriodEnd,
        nextRetryAt: null,
        updatedAt: now,
      });
      return true;
    });
  }

  /** Stops renewing (access lasts to the period end) when the creator cannot be paid any more. */
  async function stopRenewing(subscription: CreatorSubscriptionRecord, reason: string): Promise<void> {
    await store.withTransaction(async (r) => {
      const fresh = await r.subscriptions.lock(subscription.id);
      if (!fresh || !['active', 'past_due'].includes(fresh.status)) return;
      const now = clock.now();
      await r.subscriptions.update(fresh.id, {
        status: fresh.currentPeriodEnd > now ? 'canceled' : 'expired',
        canceledAt: now,
        ...(fresh.currentPeriodEnd > now ? {} : { endedAt: now }),
        nextRetryAt: null,
        updatedAt: now,
      });
    });
    log.info({ subscriptionId: subscription.id, reason }, 'creator subscription stops renewing');
  }

  async function charge(subscription: CreatorSubscriptionRecord): Promise<boolean> {
    const creator = await deps.creators.findById(subscription.creatorId);
    if (creator?.status !== 'approved') {
      await stopRenewing(subscription, 'the creator is not approved');
      return false;
    }
    if (await deps.blocks.between(subscription.fanId, creator.userId)) {
      await stopRenewing(subscription, 'a block between fan and creator');
      return false;
    }
    const attempt = subscription.renewalAttempts + 1;
    const periodStart = subscription.currentPeriodEnd;
    const payment = await store.payments.createIfAbsent({
      fanId: subscription.fanId,
      creatorUserId: creator.userId,
      creatorId: creator.id,
      provider: subscription.provider ?? provider.name,
      reference: renewalReference(
        'fpm-ren',
        `creator:${subscription.id}:${periodStart.toISOString()}:${attempt}`,
      ),
      purpose: 'subscription_renewal',
      plan: subscription.plan,
      subscriptionId: subscription.id,
      amount: subscription.amount,
      currency: subscription.currency,
      periodStart,
      periodEnd: addDays(periodStart, planDays[subscription.plan]),
      createdAt: clock.now(),
    });
    if (!payment) return false;
    await job.chargeSavedCard(payment, {
      authorizationCode: subscription.authorizationCode || null,
      email: async () => (await store.payments.emailOf(subscription.fanId)) ?? '',
      amount: { amount: payment.amount, currency: payment.currency },
      metadata: {
        subscriptionId: subscription.id,
        purpose: 'subscription_renewal',
        attempt: String(attempt),
      },
      unconfirmed: 'creator renewal could not be confirmed',
    });
    return true;
  }

  /** A checkout the provider still calls open is left for a day, then marked abandoned. */
  async function answerOpen(payment: FanPaymentRecord, tx: ProviderTransaction): Promise<boolean> {
    if (tx.status !== 'pending' && tx.status !== 'abandoned') {
      await settlement.settle(payment, tx);
      return true;
    }
    const age = clock.now().getTime() - payment.createdAt.getTime();
    if (age < ABANDON_AFTER_MS && tx.status !== 'abandoned') return false;
    await store.payments.markAbandoned(payment.id, 'the checkout was not completed', clock.now());
    return true;
  }

  return {
    async runDue(): Promise<FanPaymentLifecycleReport> {
      const now = clock.now();
      const due = await store.subscriptions.listDue(now, new Date(now.getTime() + RENEW_AHEAD_MS), 100);
      const steps = { ends: (s: CreatorSubscriptionRecord) => s.status === 'canceled', end, renew: charge };
      const { ended, renewed } = await job.endOrRenew(due, steps, 'creator subscription step failed');
      const stale = await store.payments.listStalePending(
        new Date(clock.now().getTime() - LOOK_UP_AFTER_MS),
        50,
      );
      return {
        renewed,
        ended,
        verified: await job.lookUpOpenPayments(stale, 'open fan payment could not be looked up', answerOpen),
        refunded: await deps.refunds.retryDue(),
      };
    },
  };
}

export type FanPaymentLifecycle = ReturnType<typeof createFanPaymentLifecycle>;
