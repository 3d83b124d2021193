import { randomBytes } from 'node:crypto';
import { pathTo, routes } from '../../../../common/routes.ts';
import {
  type CheckoutOutcome,
  type CreatorPlanId,
  creatorPlanNames,
  fanPaymentMessages as m,
  type PayWith,
} from '../../../../common/schemas/fan-payments.ts';
import { messageMessages } from '../../../../common/schemas/messages.ts';
import { offerMessages } from '../../../../common/schemas/offers.ts';
import { savedCardMessages } from '../../../../common/schemas/saved-cards.ts';
import {
  type PaymentProvider,
  PaymentProviderError,
  type ProviderTransaction,
} from '../../../adapters/payments/provider.ts';
import { AppError, badRequest, conflict, notFound } from '../../../errors.ts';
import type { Clock } from '../../../lib/clock.ts';
import { formatUsd } from '../../../lib/money.ts';
import { actorOf, assertCan } from '../../../policies/access.ts';
import type { UserRecord } from '../../../repositories/auth/users.repository.ts';
import type {
  FanCheckoutTarget,
  FanPaymentRecord,
  NewFanPayment,
} from '../../../repositories/billing/fan-payments/fan-payments.repository.ts';
import type { FanPaymentsStore } from '../../../repositories/billing/fan-payments/fan-payments-store.ts';
import type { FanSubscriptionRow } from '../../../repositories/billing/fan-payments/fan-subscriptions.repository.ts';
import type { SavedCardRecord } from '../../../repositories/billing/fan-payments/saved-cards.repository.ts';
import type {
  CreatorRecord,
  CreatorsRepository,
} from '../../../repositories/creators/creators.repository.ts';
import type { ConversationsRepository } from '../../../repositories/messages/conversations.repository.ts';
import type { PostsRepository } from '../../../repositories/posts/index.ts';
import type { BlocksRepository } from '../../../repositories/safety/blocks.repository.ts';
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

/** A payment made in one tap with the saved card: its outcome now, and the card it was charged to. */
export interface FanCharged extends CheckoutVerification {
  card: Pick<SavedCardRecord, 'brand' | 'last4'>;
}

/** A payment begun: a checkout page to go to, or the saved card charged already. */
export type FanPaymentStarted = { checkout: FanCheckoutStarted } | { charged: FanCharged };

/**
 * What Subscribe did: opened a checkout to pay (or charged the saved card), or, with a free trial's
 * code, started the trial (no checkout, nothing charged).
 */
export type FanSubscribeResult =
  | FanPaymentStarted
  | { trial: Awaited<ReturnType<OffersService['claimTrial']>> };

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
  /** Offers taken with Subscribe: a promotion's discount, or a free trial claimed instead of a checkout. */
  offers: Pick<OffersService, 'offerFor' | 'claimTrial'>;
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
          open.method === 'checkout' &&
          open.amount === payment.amount &&
          open.currency === payment.currency &&
          open.plan === (payment.plan ?? null)
        )
          return awaitCheckout(open);
        // The price or plan changed since, or a one-tap payment is open: a new checkout starts.
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

  /** The payment as the fan is told of it (after a checkout's return, or a one-tap charge). */
  async function describe(payment: FanPaymentRecord, status: CheckoutOutcome): Promise<CheckoutVerification> {
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
  }

  /**
   * Charges the saved card once for this payment: only the request that made the payment row calls
   * the provider, under the row's own reference, so a double tap or a retry never charges twice. An
   * answer the provider could not give leaves the payment pending: the lifecycle job looks it up.
   */
  async function chargeOnce(user: UserRecord, payment: FanPaymentRecord, card: SavedCardRecord) {
    let tx: ProviderTransaction | null | undefined;
    try {
      tx = await provider.chargeAuthorization({
        reference: payment.reference,
        authorizationCode: card.authorizationCode,
        email: user.email,
        amount: { amount: payment.amount, currency: payment.currency },
        metadata: {
          paymentId: payment.id,
          purpose: payment.purpose,
          ...(payment.postId ? { postId: payment.postId } : {}),
          ...(payment.messageId ? { messageId: payment.messageId } : {}),
          ...(payment.plan ? { plan: payment.plan } : {}),
        },
      });
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      deps.log.warn({ err: error, reference: payment.reference }, 'saved card charge without an answer');
      // Did anything happen under this reference? Unknown (undefined) stays pending.
      tx = await provider.verify(payment.reference).catch(() => undefined);
      if (tx === null) {
        await deps.settlement.failWithoutProvider(payment, `saved card: ${error.message}`);
        // The provider does not know this card any more: it is not offered again.
        await store.savedCards.forgetCode(user.id, card.authorizationCode);
      }
    }
    if (tx) await deps.settlement.settle(payment, tx);
  }

  /** Waits briefly for a concurrent one-tap request's charge of the same payment to settle. */
  async function awaitCharge(payment: FanPaymentRecord): Promise<FanPaymentRecord> {
    const deadline = Date.now() + WAIT_FOR_CHECKOUT_MS;
    let current = payment;
    while (current.status === 'pending' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      current = (await store.payments.findById(current.id)) ?? current;
    }
    return current;
  }

  /**
   * One tap: the same payment row a checkout would make (`method: saved_card`), charged to the
   * fan's saved card at once, settled as a checkout's return is. A page checkout left open for the
   * same thing is abandoned first; should both be paid, settlement refuses and refunds the second.
   */
  async function chargeSaved(
    user: UserRecord,
    target: FanCheckoutTarget,
    payment: Omit<NewFanPayment, 'reference' | 'createdAt' | 'provider' | 'fanId'>,
  ): Promise<FanCharged> {
    const card = await store.savedCards.find(user.id, provider.name);
    if (!card) throw conflict(savedCardMessages.noSavedCard);
    for (let round = 0; round < 3; round += 1) {
      const open = await store.payments.findPendingCheckout(user.id, target);
      let settled: FanPaymentRecord | null = null;
      if (
        open?.method === 'saved_card' &&
        open.amount === payment.amount &&
        open.currency === payment.currency &&
        open.plan === (payment.plan ?? null)
      ) {
        // A double tap: the first request charges; this one answers what came of it.
        settled = await awaitCharge(open);
      } else {
        // A client key names one payment: one opened on the checkout page is finished there.
        if (open && 'idempotencyKey' in target) throw conflict(savedCardMessages.openOnCheckout);
        if (open)
          await store.payments.markAbandoned(
            open.id,
            'replaced by a payment with the saved card',
            clock.now(),
          );
        const created = await store.payments.createCheckout({
          ...payment,
          method: 'saved_card',
          fanId: user.id,
          provider: provider.name,
          reference: newReference(),
          createdAt: clock.now(),
        });
        if (!created) continue;
        await chargeOnce(user, created, card);
        settled = (await store.payments.findById(created.id)) ?? created;
      }
      const described = await describe(settled, outcomeOfFanPayment(settled));
      return { ...described, card: { brand: card.brand, last4: card.last4 } };
    }
    throw notReady();
  }

  /** A payment by the fan's choice: the checkout page, or the saved card in one tap. */
  async function pay(
    payWith: PayWith | undefined,
    user: UserRecord,
    target: FanCheckoutTarget,
    payment: Omit<NewFanPayment, 'reference' | 'createdAt' | 'provider' | 'fanId'>,
    description: string,
    callbackPath: string,
  ): Promise<FanPaymentStarted> {
    if (payWith === 'saved_card') return { charged: await chargeSaved(user, target, payment) };
    return { checkout: await start(user, target, payment, description, callbackPath) };
  }

  async function creatorByHandle(handle: string): Promise<CreatorRecord> {
    const creator = await deps.creators.findByHandle(handle);
    if (!creator) throw notFound(m.creatorNotFound);
    return creator;
  }

  return {
    /** Opens (or answers the open) checkout for one payment. */
    start,
    /** A checkout, or the saved card in one tap; tips.service.ts starts tips with it. */
    pay,

    /** The card the next payment may be made with in one tap (null: none saved). */
    savedCard: (user: UserRecord) => store.savedCards.find(user.id, provider.name),

    /** Forgets the saved card: the next payment goes through the checkout page. False when none was saved. */
    forgetSavedCard: (user: UserRecord) => store.savedCards.forget(user.id, provider.name),

    /**
     * Subscribe Now, from any place it is offered: a checkout for the plan, its first period at a
     * promotion's discount; with a free trial's code the trial is claimed instead, so a fan who came
     * by a trial link is never charged for it. An offer this fan may not take is refused with its
     * reason (ended, claimed, not for them); without the code, the usual price applies.
     */
    async subscribe(
      user: UserRecord,
      handle: string,
      plan: CreatorPlanId,
      options: { returnTo?: string; offerCode?: string; renew?: boolean; payWith?: PayWith } = {},
    ): Promise<FanSubscribeResult> {
      const { returnTo, offerCode } = options;
      const creator = await creatorByHandle(handle);
      const [blocked, subscription] = await Promise.all([
        deps.blocks.between(user.id, creator.userId),
        store.subscriptions.find(user.id, creator.id),
      ]);
      assertCan(actorOf(user), 'creator:pay', { creator, blocked });
      assertCan(actorOf(user), 'creator:subscribe', { creator, blocked, subscription, now: clock.now() });
      const regular = planPriceCents(creator, plan);
      if (regular === null) throw badRequest(m.planNotOffered(creatorPlanNames[plan]));
      const offer = offerCode ? await deps.offers.offerFor(user, creator, offerCode) : null;
      if (offer?.kind === 'trial') {
        if (plan !== 'monthly') throw badRequest(offerMessages.trialMonthlyOnly);
        return {
          trial: await deps.offers.claimTrial(user, creator.handle, offer.code, options.renew ?? false),
        };
      }
      // A promotion takes its discount off the first period only; renewals charge the plan's price.
      const promotion = offer;
      const amount = promotion ? discountedCents(regular, promotion.discountPercent ?? 0) : regular;
      return pay(
        options.payWith,
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

    async unlock(
      user: UserRecord,
      postId: string,
      returnTo?: string,
      payWith?: PayWith,
    ): Promise<FanPaymentStarted> {
      const row = await deps.posts.find(postId);
      if (!row) throw notFound(m.postNotFound);
      const [blocked, owned] = await Promise.all([
        deps.blocks.between(user.id, row.creator.userId),
        store.purchases.owns(user.id, postId),
      ]);
      assertCan(actorOf(user), 'creator:pay', { creator: row.creator, blocked });
      assertCan(actorOf(user), 'post:unlock', { post: row.post, creator: row.creator, blocked, owned });
      const amount = row.post.priceCents ?? 0;
      return pay(
        payWith,
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
    async unlockMessage(user: UserRecord, messageId: string, payWith?: PayWith): Promise<FanPaymentStarted> {
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
      return pay(
        payWith,
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
      return describe(payment, status);
    },
  };
}

export type FanCheckoutService = ReturnType<typeof createFanCheckoutService>;
