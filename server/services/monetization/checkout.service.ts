import { randomBytes } from 'node:crypto';
import { pathTo } from '../../../common/routes.ts';
import {
  type CheckoutOutcome,
  type CheckoutResponse,
  type CreatorPlanId,
  creatorPlanNames,
  type FanSubscription,
  monetizationMessages as m,
} from '../../../common/schemas/monetization.ts';
import { type PaymentProvider, PaymentProviderError } from '../../adapters/payments/provider.ts';
import { AppError, notFound } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { assertCanSubscribe, assertCanUnlock, assertOwnsPayment } from '../../policies/monetization.ts';
import type { BlocksRepository } from '../../repositories/blocks.repository.ts';
import type { CreatorRecord, CreatorsRepository } from '../../repositories/creators.repository.ts';
import type { FanPaymentRecord, NewFanPayment } from '../../repositories/fan-payments.repository.ts';
import type { MonetizationStore } from '../../repositories/monetization-store.ts';
import type { PostsRepository } from '../../repositories/posts.repository.ts';
import type { UserRecord } from '../../repositories/users.repository.ts';
import type { PaymentsLog } from '../payments/refunds.service.ts';
import { planPriceCents } from './pricing.ts';
import type { FanSettlementService } from './settlement.service.ts';
import { outcomeOfFanPayment } from './settlement.service.ts';
import { formatUsd, presentFanSubscription } from './views.ts';

const newReference = () => `fpm-${randomBytes(12).toString('hex')}`;

/** How long a request waits for a concurrent request's checkout page to be ready. */
const WAIT_FOR_CHECKOUT_MS = 15_000;
const POLL_MS = 40;

export interface CheckoutVerification {
  status: CheckoutOutcome;
  message: string;
  purpose: 'creator_subscription' | 'post_unlock';
  creatorHandle: string | null;
  postId: string | null;
  subscription: FanSubscription | null;
}

const outcomeMessages: Record<CheckoutOutcome, string> = {
  succeeded: m.verified,
  failed: m.failed,
  abandoned: m.abandoned,
  pending: m.pending,
  refused: m.refused,
};

/**
 * Starting checkouts for a creator subscription or a pay-per-view unlock, and verifying them with
 * the provider when the fan comes back. One open checkout per fan and thing bought: repeated and
 * concurrent requests answer the same one, so it can only be paid once.
 */
export function createFanCheckoutService(deps: {
  store: MonetizationStore;
  provider: PaymentProvider;
  settlement: FanSettlementService;
  creators: Pick<CreatorsRepository, 'findByHandle' | 'findById'>;
  posts: Pick<PostsRepository, 'find'>;
  blocks: Pick<BlocksRepository, 'between'>;
  clock: Clock;
  publicUrl: string;
  log: PaymentsLog;
}) {
  const { store, provider, clock } = deps;

  const notReady = () =>
    new AppError('NOT_READY', 'The payment provider could not be reached. Please try again.');

  /** A concurrent request is starting this checkout: wait until its page is known. */
  async function awaitCheckout(payment: FanPaymentRecord): Promise<CheckoutResponse> {
    const deadline = Date.now() + WAIT_FOR_CHECKOUT_MS;
    for (let current: FanPaymentRecord | null = payment; current; ) {
      if (current.authorizationUrl)
        return {
          authorization_url: current.authorizationUrl,
          reference: current.reference,
          amount: { amount: current.amount, currency: current.currency },
        };
      if (current.status !== 'pending' || Date.now() > deadline) throw notReady();
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      current = await store.payments.findById(current.id);
    }
    throw notReady();
  }

  async function start(
    user: UserRecord,
    target: { postId: string } | { creatorUserId: string },
    payment: Omit<NewFanPayment, 'reference' | 'createdAt' | 'provider' | 'fanId'>,
    description: string,
    callbackPath: string,
  ): Promise<CheckoutResponse> {
    for (let round = 0; round < 3; round += 1) {
      const open = await store.payments.findPendingCheckout(user.id, target);
      if (open) {
        if (
          open.amount === payment.amount &&
          open.currency === payment.currency &&
          open.plan === (payment.plan ?? null)
        )
          return awaitCheckout(open);
        // The price or plan changed since: that checkout is left, a new one starts.
        await store.payments.markAbandoned(open.id, 'replaced by a new checkout', clock.now());
      }
      const created = await store.payments.createCheckout({
        ...payment,
        fanId: user.id,
        provider: provider.name,
        reference: newReference(),
        createdAt: clock.now(),
      });
      if (!created) continue; // another request created it first: answer that one
      try {
        const started = await provider.initialize({
          reference: created.reference,
          email: user.email,
          amount: { amount: created.amount, currency: created.currency },
          callbackUrl: `${deps.publicUrl}${callbackPath}`,
          description,
          metadata: {
            paymentId: created.id,
            purpose: created.purpose,
            ...(created.postId ? { postId: created.postId } : {}),
            ...(created.plan ? { plan: created.plan } : {}),
          },
        });
        await store.payments.setAuthorizationUrl(created.id, started.authorizationUrl, clock.now());
        return {
          authorization_url: started.authorizationUrl,
          reference: created.reference,
          amount: { amount: created.amount, currency: created.currency },
        };
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        deps.log.warn({ err: error, reference: created.reference }, 'checkout could not be started');
        await store.payments.markFailed(created.id, `initialize: ${error.message}`, clock.now());
        throw notReady();
      }
    }
    throw notReady();
  }

  async function creatorByHandle(handle: string): Promise<CreatorRecord> {
    const creator = await deps.creators.findByHandle(handle);
    if (!creator) throw notFound(m.creatorNotFound);
    return creator;
  }

  return {
    async subscribe(
      user: UserRecord,
      handle: string,
      plan: CreatorPlanId,
      returnTo?: string,
    ): Promise<CheckoutResponse> {
      const creator = await creatorByHandle(handle);
      const [blocked, subscription] = await Promise.all([
        deps.blocks.between(user.id, creator.userId),
        store.subscriptions.find(user.id, creator.id),
      ]);
      assertCanSubscribe(user, creator, { blocked, subscription, now: clock.now() });
      const amount = planPriceCents(creator.monthlyPriceCents, plan);
      return start(
        user,
        { creatorUserId: creator.userId },
        {
          creatorUserId: creator.userId,
          creatorId: creator.id,
          purpose: 'subscription_start',
          plan,
          amount,
          currency: 'USD',
        },
        `${creatorPlanNames[plan]} subscription to ${creator.displayName} (@${creator.handle}), ${formatUsd(amount)}`,
        returnTo ?? pathTo('publicProfile', { id: creator.handle }),
      );
    },

    async unlock(user: UserRecord, postId: string, returnTo?: string): Promise<CheckoutResponse> {
      const row = await deps.posts.find(postId);
      if (!row) throw notFound(m.postNotFound);
      const [blocked, owned] = await Promise.all([
        deps.blocks.between(user.id, row.creator.userId),
        store.purchases.owns(user.id, postId),
      ]);
      assertCanUnlock(user, row.post, row.creator, { blocked, owned });
      const amount = row.post.priceCents ?? 0;
      return start(
        user,
        { postId },
        {
          creatorUserId: row.creator.userId,
          creatorId: row.creator.id,
          purpose: 'post_unlock',
          postId,
          amount,
          currency: 'USD',
        },
        `Unlock a post by ${row.creator.displayName} (@${row.creator.handle}), ${formatUsd(amount)}`,
        returnTo ?? pathTo('publicProfile', { id: row.creator.handle }),
      );
    },

    /** Asks the provider (a return to the callback URL proves nothing) and settles what it says. */
    async verify(user: UserRecord, reference: string): Promise<CheckoutVerification> {
      const found = await store.payments.findByReference(provider.name, reference);
      assertOwnsPayment(user, found);
      let payment: FanPaymentRecord = found;
      let status = outcomeOfFanPayment(payment);
      if (payment.status === 'pending' || payment.status === 'abandoned') {
        const tx = await provider.verify(reference).catch((error: unknown) => {
          deps.log.warn({ err: error, reference }, 'verify could not reach the provider');
          return null;
        });
        if (tx) {
          const settled = await deps.settlement.settle(payment, tx);
          payment = (await store.payments.findById(payment.id)) ?? payment;
          status = settled.outcome === 'duplicate' ? outcomeOfFanPayment(payment) : settled.outcome;
        }
      }
      const creator = payment.creatorId ? await deps.creators.findById(payment.creatorId) : null;
      const subscriptionRow =
        payment.purpose !== 'post_unlock' && payment.subscriptionId
          ? await store.subscriptions.findForFan(payment.subscriptionId)
          : null;
      return {
        status,
        message: outcomeMessages[status],
        purpose: payment.purpose === 'post_unlock' ? 'post_unlock' : 'creator_subscription',
        creatorHandle: creator?.handle ?? null,
        postId: payment.postId,
        subscription: subscriptionRow ? presentFanSubscription(subscriptionRow, clock.now()) : null,
      };
    },
  };
}

export type FanCheckoutService = ReturnType<typeof createFanCheckoutService>;
