import { createHash } from 'node:crypto';
import type { PaymentProvider } from '../../adapters/payments/provider.ts';
import type { Clock } from '../../lib/clock.ts';
import type { BlocksRepository } from '../../repositories/blocks.repository.ts';
import type { CreatorSubscriptionRecord } from '../../repositories/creator-subscriptions.repository.ts';
import type { CreatorsRepository } from '../../repositories/creators.repository.ts';
import type { MonetizationStore } from '../../repositories/monetization-store.ts';
import type { PaymentsLog } from '../payments/refunds.service.ts';
import { addDays, planDays } from './pricing.ts';
import type { FanRefundService } from './refunds.service.ts';
import type { FanSettlementService } from './settlement.service.ts';

/** Renewals are charged this long before the period ends, so a renewing fan never loses access. */
export const RENEW_AHEAD_MS = 60 * 60 * 1000;
/** A checkout or charge older than this with no answer is looked up at the provider. */
const LOOK_UP_AFTER_MS = 10 * 60 * 1000;
/** A checkout still unpaid after this long is marked abandoned (a later payment still counts). */
const ABANDON_AFTER_MS = 24 * 60 * 60 * 1000;

/** One reference per (subscription, period end, attempt): two workers never charge the same attempt. */
export function creatorRenewalReference(subscriptionId: string, periodEnd: Date, attempt: number): string {
  const digest = createHash('sha256')
    .update(`creator:${subscriptionId}:${periodEnd.toISOString()}:${attempt}`)
    .digest('hex');
  return `fpm-ren-${digest.slice(0, 32)}`;
}

export interface MonetizationLifecycleReport {
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
export function createMonetizationLifecycle(deps: {
  store: MonetizationStore;
  provider: PaymentProvider;
  settlement: FanSettlementService;
  refunds: FanRefundService;
  creators: Pick<CreatorsRepository, 'findById'>;
  blocks: Pick<BlocksRepository, 'between'>;
  clock: Clock;
  log: PaymentsLog;
}) {
  const { store, provider, settlement, clock, log } = deps;

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
      reference: creatorRenewalReference(subscription.id, periodStart, attempt),
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
    if (!subscription.authorizationCode) {
      await settlement.failWithoutProvider(payment, 'no saved card to charge');
      return true;
    }
    if (payment.provider !== provider.name) {
      await settlement.failWithoutProvider(payment, `the ${payment.provider} provider is not configured`);
      return true;
    }
    try {
      const email = (await store.payments.emailOf(subscription.fanId)) ?? '';
      const result = await provider.chargeAuthorization({
        reference: payment.reference,
        authorizationCode: subscription.authorizationCode,
        email,
        amount: { amount: payment.amount, currency: payment.currency },
        metadata: {
          paymentId: payment.id,
          subscriptionId: subscription.id,
          purpose: 'subscription_renewal',
          attempt: String(attempt),
        },
      });
      await settlement.settle(payment, result);
    } catch (error) {
      // Unknown outcome: the charge stays pending and is looked up at the provider on a later run.
      log.warn({ err: error, reference: payment.reference }, 'creator renewal could not be confirmed');
    }
    return true;
  }

  async function lookUpStale(): Promise<number> {
    const now = clock.now().getTime();
    const stale = await store.payments.listStalePending(new Date(now - LOOK_UP_AFTER_MS), 50);
    let verified = 0;
    for (const payment of stale) {
      try {
        const tx = payment.provider === provider.name ? await provider.verify(payment.reference) : null;
        if (!tx) {
          await settlement.failWithoutProvider(payment, 'the provider has no such charge');
        } else if (tx.status === 'pending' || tx.status === 'abandoned') {
          if (now - payment.createdAt.getTime() >= ABANDON_AFTER_MS || tx.status === 'abandoned')
            await store.payments.markAbandoned(payment.id, 'the checkout was not completed', clock.now());
          else continue;
        } else {
          await settlement.settle(payment, tx);
        }
        verified += 1;
      } catch (error) {
        log.warn({ err: error, reference: payment.reference }, 'open fan payment could not be looked up');
      }
    }
    return verified;
  }

  return {
    async runDue(): Promise<MonetizationLifecycleReport> {
      const report: MonetizationLifecycleReport = { renewed: 0, ended: 0, verified: 0, refunded: 0 };
      const now = clock.now();
      const due = await store.subscriptions.listDue(now, new Date(now.getTime() + RENEW_AHEAD_MS), 100);
      for (const subscription of due) {
        try {
          if (subscription.status === 'canceled') {
            if (await end(subscription)) report.ended += 1;
          } else if (await charge(subscription)) {
            report.renewed += 1;
          }
        } catch (error) {
          log.error({ err: error, subscriptionId: subscription.id }, 'creator subscription step failed');
        }
      }
      report.verified = await lookUpStale();
      report.refunded = await deps.refunds.retryDue();
      return report;
    },
  };
}

export type MonetizationLifecycle = ReturnType<typeof createMonetizationLifecycle>;
