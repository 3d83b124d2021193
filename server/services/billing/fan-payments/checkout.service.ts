import { randomBytes } from 'node:crypto';
import { pathTo, routes } from '../../../../common/routes.ts';
import {
  type CheckoutOutcome,
  type CreatorPlanId,
  creatorPlanNames,
  fanPaymentMessages as m,
} from '../../../../common/schemas/fan-payments.ts';
import { messageMessages } from '../../../../common/schemas/messages.ts';
import { type PaymentProvider, PaymentProviderError } from '../../../adapters/payments/provider.ts';
import { AppError, badRequest, notFound } from '../../../errors.ts';
import type { Clock } from '../../../lib/clock.ts';
import { formatUsd } from '../../../lib/money.ts';
import { actorOf, assertCan } from '../../../policies/access.ts';
import type { BlocksRepository } from '../../../repositories/blocks.repository.ts';
import type { ConversationsRepository } from '../../../repositories/conversations.repository.ts';
import type { CreatorRecord, CreatorsRepository } from '../../../repositories/creators.repository.ts';
import type {
  FanCheckoutTarget,
  FanPaymentRecord,
  NewFanPayment,
} from '../../../repositories/fan-payments.repository.ts';
import type { FanPaymentsStore } from '../../../repositories/fan-payments-store.ts';
import type { FanSubscriptionRow } from '../../../repositories/fan-subscriptions.repository.ts';
import type { PostsRepository } from '../../../repositories/posts.repository.ts';
import type { UserRecord } from '../../../repositories/users.repository.ts';
import type { PaymentsLog } from '../core/renewals.ts';
import type { OffersService } from './offers.service.ts';
import { discountedCents, planPriceCents } from './pricing.ts';
import type { FanPaymentSettlement } from './settlement.service.ts';
import { outcomeOfFanPayment } from './settlement.service.ts';

const newReference = () => `fpm-${randomBytes(12).toString('hex')}`;

/** How long a request waits for a concurrent request's checkout page to be ready. */
const WAIT_FOR_CHECKOUT_MS = 15_000;
const POLL_MS = 40;

/** A checkout the browser is sent to: the provider's page, and what it charges. */
export interface FanCheckoutStarted {
  authorizationUrl: string;
  reference: string;
  amount: number;
  currency: string;
}

/** What the provider said of a checkout, with the payment as it stands now. */
export interface CheckoutVerification {
  status: CheckoutOutcome;
  payment: FanPaymentRecord;
  creatorHandle: string | null;
  /** The subscription a subscription payment started or renewed. */
  subscription: FanSubscriptionRow | null;
  now: Date;
}

const started = (payment: FanPaymentRecord, authorizationUrl: string): FanCheckoutStarted => ({
  authorizationUrl,
  reference: payment.reference,
  amount: payment.amount,
  currency: payment.currency,
});

/**
 * Starting checkouts for a creator subscription or a pay-per-view unlock, and verifying them with
 * the provider when the fan comes back. One open checkout per fan and thing bought: repeated and
 * concurrent requests answer the same one, so it can only be paid once.
 */
export function createFanCheckoutService(deps: {
  store: FanPaymentsStore;
  provider: PaymentProvider;
  settlement: FanPaymentSettlement;
  creators: Pick<CreatorsRepository, 'findByHandle' | 'findById' | 'findByUserId'>;
  posts: Pick<PostsRepository, 'find'>;
  messages: Pick<ConversationsRepository, 'findMessage' | 'itemsOf'>;
  /** Promotions taken at the subscribe checkout. */
  offers: Pick<OffersService, 'promotionFor'>;
  blocks: Pick<BlocksRepository, 'between'>;
  clock: Clock;
  publicUrl: string;
  log: PaymentsLog;
}) {
  const { store, provider, clock } = deps;

  const notReady = () =>
    new AppError('NOT_READY', 'The payment provider could not be reached. Please try again.');

  /** A concurrent request is starting this checkout: wait until its page is known. */
  async function awaitCheckout(payment: FanPaymentRecord): Promise<FanCheckoutStarted> {
    const deadline = Date.now() + WAIT_FOR_CHECKOUT_MS;
    for (let current: FanPaymentRecord | null = payment; current; ) {
      if (current.authorizationUrl) return started(current, current.authorizationUrl);
      if (current.status !== 'pending' || Date.now() > deadline) throw notReady();
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      current = await store.payments.findById(current.id);
    }
    throw notReady();
  }

  async function start(
    user: UserRecord,
    target: FanCheckoutTarget,
    payment: Omit<NewFanPayment, 'reference' | 'createdAt' | 'provider' | 'fanId'>,
    description: string,
    callbackPath: string,
  ): Promise<FanCheckoutStarted> {
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
        const initialized = await provider.initialize({
          reference: created.reference,
          email: user.email,
          amount: { amount: created.amount, currency: created.currency },
          callbackUrl: `${deps.publicUrl}${callbackPath}`,
          description,
          metadata: {
            paymentId: created.id,
            purpose: created.purpose,
            ...(created.postId ? { postId: created.postId } : {}),
            ...(created.messageId ? { messageId: created.messageId } : {}),
            ...(created.plan ? { plan: created.plan } : {}),
          },
        });
        await store.payments.setAuthorizationUrl(created.id, initialized.authorizationUrl, clock.now());
        return started(created, initialized.authorizationUrl);
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
    /** Opens (or answers the open) checkout for one payment; tips.service.ts starts tips with it. */
    start,

    async subscribe(
      user: UserRecord,
      handle: string,
      plan: CreatorPlanId,
      returnTo?: string,
      offerCode?: string,
    ): Promise<FanCheckoutStarted> {
      const creator = await creatorByHandle(handle);
      const [blocked, subscription] = await Promise.all([
        deps.blocks.between(user.id, creator.userId),
        store.subscriptions.find(user.id, creator.id),
      ]);
      assertCan(actorOf(user), 'creator:pay', { creator, blocked });
      assertCan(actorOf(user), 'creator:subscribe', { creator, blocked, subscription, now: clock.now() });
      const regular = planPriceCents(creator, plan);
      if (regular === null) throw badRequest(m.planNotOffered(creatorPlanNames[plan]));
      // A promotion takes its discount off the first period only; renewals charge the plan's price.
      const promotion = offerCode ? await deps.offers.promotionFor(user, creator, offerCode) : null;
      const amount = promotion ? discountedCents(regular, promotion.discountPercent ?? 0) : regular;
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
          offerId: promotion?.id ?? null,
        },
        `${creatorPlanNames[plan]} subscription to ${creator.displayName} (@${creator.handle}), ${formatUsd(amount)}`,
        returnTo ?? pathTo('publicProfile', { id: creator.handle }),
      );
    },

    async unlock(user: UserRecord, postId: string, returnTo?: string): Promise<FanCheckoutStarted> {
      const row = await deps.posts.find(postId);
      if (!row) throw notFound(m.postNotFound);
      const [blocked, owned] = await Promise.all([
        deps.blocks.between(user.id, row.creator.userId),
        store.purchases.owns(user.id, postId),
      ]);
      assertCan(actorOf(user), 'creator:pay', { creator: row.creator, blocked });
      assertCan(actorOf(user), 'post:unlock', { post: row.post, creator: row.creator, blocked, owned });
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

    /** A pay-per-view message's checkout: only its recipient pays, once; back to the conversation. */
    async unlockMessage(user: UserRecord, messageId: string): Promise<FanCheckoutStarted> {
      const found = await deps.messages.findMessage(messageId);
      assertCan(
        actorOf(user),
        'message:member',
        found ? { senderId: found.message.senderId, recipientId: found.recipientId } : null,
      );
      if (!found) throw notFound(messageMessages.messageNotFound);
      const { message } = found;
      const [creator, items, blocked, owned] = await Promise.all([
        deps.creators.findByUserId(message.senderId),
        deps.messages.itemsOf([message.id]),
        deps.blocks.between(user.id, message.senderId),
        store.purchases.ownsMessage(user.id, message.id),
      ]);
      assertCan(actorOf(user), 'creator:pay', { creator, blocked });
      assertCan(actorOf(user), 'message:unlock', {
        senderId: message.senderId,
        priceCents: message.priceCents,
        recipientId: found.recipientId,
        hasItems: (items.get(message.id)?.length ?? 0) > 0,
        sellerApproved: creator?.status === 'approved',
        blocked,
        owned,
      });
      if (!creator || message.priceCents === null) throw notFound(messageMessages.messageNotFound);
      const amount = message.priceCents;
      return start(
        user,
        { messageId: message.id },
        {
          creatorUserId: message.senderId,
          creatorId: creator.id,
          purpose: 'message_unlock',
          messageId: message.id,
          amount,
          currency: 'USD',
        },
        `Unlock a message from ${creator.displayName} (@${creator.handle}), ${formatUsd(amount)}`,
        `${routes.messages}?c=${message.conversationId}`,
      );
    },

    /** Asks the provider (a return to the callback URL proves nothing) and settles what it says. */
    async verify(user: UserRecord, reference: string): Promise<CheckoutVerification> {
      const found = await store.payments.findByReference(provider.name, reference);
      assertCan(actorOf(user), 'fan-payment:verify', { fanId: found?.fanId ?? null });
      if (!found) throw notFound(m.paymentNotFound);
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
        payment.purpose !== 'post_unlock' && payment.purpose !== 'message_unlock' && payment.subscriptionId
          ? await store.subscriptions.findForFan(payment.subscriptionId)
          : null;
      return {
        status,
        payment,
        creatorHandle: creator?.handle ?? null,
        subscription: subscriptionRow,
        now: clock.now(),
      };
    },
  };
}

export type FanCheckoutService = ReturnType<typeof createFanCheckoutService>;
