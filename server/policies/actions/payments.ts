/**
 * Money: paying a creator (subscribing, unlocking, tipping, taking an offer), a fan's payments and
 * subscriptions, a creator's wallet, subscribers and offers, and payouts.
 */
import { creatorMessages } from '../../../common/schemas/creators.ts';
import { fanPaymentMessages, fanPaymentMessages as m } from '../../../common/schemas/fan-payments.ts';
import { offerMessages } from '../../../common/schemas/offers.ts';
import type { PostVisibility } from '../../../common/schemas/posts.ts';
import { subscriptionMessages } from '../../../common/schemas/subscriptions.ts';
import { tipMessages } from '../../../common/schemas/tips.ts';
import type { UserRecord } from '../../repositories/auth/users.repository.ts';
import type { CreatorSubscriptionRecord } from '../../repositories/billing/fan-payments/fan-subscriptions.repository.ts';
import type { OfferRecord } from '../../repositories/billing/fan-payments/offers.repository.ts';
import { type Actor, refuse } from '../actor.ts';
import { canHoldSession } from './accounts.ts';
import { type CreatorFacts, hiddenInViewerRegion, isOwnerOf } from './creators.ts';
import { isAdmin, isSelf, row } from './row.ts';

/** Statuses whose paid period still gives access (past_due: a renewal is being retried). */
const PAID_UP: readonly CreatorSubscriptionRecord['status'][] = ['active', 'past_due', 'canceled'];

/** Whether a subscription serves subscriber-only posts at `now`: paid up and inside its period. */
export function hasAccess(
  subscription: Pick<CreatorSubscriptionRecord, 'status' | 'currentPeriodEnd'>,
  now: Date,
): boolean {
  return PAID_UP.includes(subscription.status) && subscription.currentPeriodEnd > now;
}

/** Why the offer can no longer be claimed by anyone (stopped, ended, no claims left), or null. */
export function offerOpen(offer: OfferRecord, claims: number, now: Date): string | null {
  if (offer.stoppedAt || (offer.endsAt && offer.endsAt <= now)) return offerMessages.ended;
  if (offer.maxClaims !== null && claims >= offer.maxClaims) return offerMessages.allClaimed;
  return null;
}

/** A fan who never had a paid period with the creator (a row with no time in it does not count). */
export function isNewFan(
  subscription: Pick<CreatorSubscriptionRecord, 'startedAt' | 'currentPeriodEnd'> | null,
) {
  return subscription === null || subscription.currentPeriodEnd <= subscription.startedAt;
}

/** The creator rules of a payment need the page's owner and status. */
type PageFacts = Pick<CreatorFacts, 'userId' | 'status'>;

/** A creator's own books: the actor has a creator profile (`creatorUserId`, null without one) and is that creator. */
const ownCreator = (actor: Actor, creatorUserId: string | null) =>
  creatorUserId !== null && isSelf(actor, creatorUserId) ? null : refuse.forbidden(m.notCreator);

/** The page's own refusal of a subscription: yourself, a block either way, a page not approved. */
function pageSubscribeRefusal(actor: Actor, creator: PageFacts, blocked: boolean) {
  if (isOwnerOf(actor.user, creator)) return refuse.forbidden(m.cannotSubscribeSelf);
  if (blocked) return refuse.forbidden(m.cannotSubscribeBlocked);
  if (creator.status !== 'approved') return refuse.forbidden(m.creatorNotAccepting);
  return null;
}

/** The page's own refusal of a tip: yourself, a block either way, a page not approved. */
function pageTipRefusal(actor: Actor, creator: PageFacts, blocked: boolean) {
  if (isOwnerOf(actor.user, creator)) return refuse.forbidden(tipMessages.yourself);
  if (blocked) return refuse.forbidden(tipMessages.blocked);
  if (creator.status !== 'approved') return refuse.forbidden(tipMessages.notAccepting);
  return null;
}

export const paymentActions = {
  /**
   * Paying a creator (subscribing, unlocking a post or a message, tipping, taking a free trial) has
   * two rules of its own, asked before the rules of each payment (yourself, a block, not for sale,
   * bought already: the rows below and 'message:unlock' in messages.ts):
   * - a verified email, as following, commenting and messaging need (403 EMAIL_NOT_VERIFIED);
   * - the creator's page shown in the payer's country (451, as their page answers), unless a block
   *   between them answers first. The creator themself and admins are exempt.
   * `creator` is the page paid (null: the seller has none, which the payment's own rule refuses).
   */
  'creator:pay': row<{ creator: CreatorFacts | null; blocked: boolean }>(
    [
      'POST /api/creators/:handle/subscribe',
      'POST /api/posts/:id/unlock',
      'POST /api/messages/:id/unlock',
      'POST /api/creators/:handle/tips',
      'POST /api/creators/:handle/offers/:code/claim',
    ],
    (actor, { creator, blocked }) => {
      if (actor.user === null || actor.user.isEmailVerified !== true)
        return refuse.unverified(fanPaymentMessages.verifyEmailToPay);
      if (creator && !blocked && hiddenInViewerRegion(actor.user, creator))
        return refuse.region(creatorMessages.regionBlocked);
      return null;
    },
  ),

  /**
   * Subscribe Now: not yourself, no block either way, an approved page (403), and no subscription
   * that still renews (409). With `subscription` null it is the profile's button (a visitor is
   * asked to sign in first); `GET /api/creators/:handle/subscription` tells the refusal's words.
   */
  'creator:subscribe': row<{
    creator: PageFacts;
    blocked: boolean;
    subscription: CreatorSubscriptionRecord | null;
    now: Date;
  }>(['POST /api/creators/:handle/subscribe', 'GET /api/creators/:handle/subscription'], (actor, facts) => {
    const page = pageSubscribeRefusal(actor, facts.creator, facts.blocked);
    if (page) return page;
    const sub = facts.subscription;
    if (sub && sub.status === 'active' && sub.currentPeriodEnd > facts.now)
      return refuse.conflict(m.alreadySubscribed);
    return null;
  }),
  /** A pay-per-view post of an approved creator, not your own, with no block, not bought yet. */
  'post:unlock': row<{
    post: { visibility: PostVisibility; priceCents: number | null };
    creator: PageFacts;
    blocked: boolean;
    owned: boolean;
  }>(['POST /api/posts/:id/unlock'], (actor, { post, creator, blocked, owned }) => {
    if (isOwnerOf(actor.user, creator)) return refuse.forbidden(m.ownPost);
    if (blocked) return refuse.forbidden(m.cannotUnlockBlocked);
    if (creator.status !== 'approved' || post.visibility !== 'pay_per_view' || !post.priceCents)
      return refuse.forbidden(m.notForSale);
    if (owned) return refuse.conflict(m.alreadyUnlocked);
    return null;
  }),
  /**
   * A tip: not yourself, no block either way, an approved page whose account is not suspended or
   * deleted (`creator` null: no page). Asked when the checkout starts and again when the payment
   * settles (a refusal then is refunded). With `creatorUser` left out it is the profile's tip
   * button, which asks the page only.
   */
  'creator:tip': row<{
    creator: PageFacts | null;
    blocked: boolean;
    /** The creator's account (null: gone). */
    creatorUser?: Pick<UserRecord, 'suspendedAt' | 'deletedAt'> | null;
  }>(['POST /api/creators/:handle/tips'], (actor, { creator, blocked, creatorUser }) => {
    if (!creator) return refuse.forbidden(tipMessages.notAccepting);
    const page = pageTipRefusal(actor, creator, blocked);
    if (page) return page;
    if (creatorUser !== undefined && (!creatorUser || !canHoldSession(creatorUser)))
      return refuse.forbidden(tipMessages.notAccepting);
    return null;
  }),
  /**
   * A creator's plans (the Select plan dialog): an approved page, or the creator's own; across a
   * block (either way) the page does not exist.
   */
  'creator:plans': row<{ creator: PageFacts; blocked: boolean }>(
    ['GET /api/creators/:handle/subscription'],
    (actor, { creator, blocked }) =>
      blocked || (creator.status !== 'approved' && !isOwnerOf(actor.user, creator))
        ? refuse.notFound(m.creatorNotFound)
        : null,
  ),
  /** A row of Transaction History is its user's alone (`found`: it is among the actor's rows). */
  'transaction:view': row<{ found: boolean }>(
    ['GET /api/me/transactions/:id', 'DELETE /api/me/transactions/:id'],
    (actor, facts) => (actor.user !== null && facts.found ? null : refuse.notFound(m.transactionNotFound)),
  ),
  /** A payment is verified by the fan who made it; to anyone else it does not exist. */
  'fan-payment:verify': row<{ fanId: string | null }>(['POST /api/fan-payments/verify'], (actor, payment) =>
    payment.fanId !== null && isSelf(actor, payment.fanId) ? null : refuse.notFound(m.paymentNotFound),
  ),
  /** A fan manages their own subscriptions only; to anyone else one does not exist. */
  'fan-subscription:manage': row<{ fanId: string | null }>(
    ['POST /api/me/subscriptions/:id/cancel'],
    (actor, subscription) =>
      subscription.fanId !== null && isSelf(actor, subscription.fanId)
        ? null
        : refuse.notFound(m.subscriptionNotFound),
  ),
  /**
   * A creator's wallet, earnings and subscribers: the actor has a creator profile (`creatorUserId`,
   * null without one) and is that creator.
   */
  'creator:books': row<{ creatorUserId: string | null }>(
    [
      'GET /api/wallet',
      'GET /api/wallet/history',
      'GET /api/wallet/earnings',
      'GET /api/creators/me/subscribers',
      'POST /api/creators/me/subscribers/:id/unsubscribe',
    ],
    (actor, facts) => ownCreator(actor, facts.creatorUserId),
  ),
  /**
   * A creator ends subscriptions to their own page only (`creatorId`: the creator's page, null
   * without one); any other subscription does not exist for them.
   */
  'subscriber:manage': row<{ creatorId: string | null; subscriptionCreatorId: string | null }>(
    ['POST /api/creators/me/subscribers/:id/unsubscribe'],
    (_actor, facts) =>
      facts.creatorId !== null && facts.subscriptionCreatorId === facts.creatorId
        ? null
        : refuse.notFound(m.subscriptionNotFound),
  ),

  /** A creator makes, lists and stops offers while their page is approved. */
  'offer:make': row<{ creator: { status: string } | null }>(
    ['GET /api/creators/me/offers', 'POST /api/creators/me/offers', 'POST /api/creators/me/offers/:id/stop'],
    (_actor, { creator }) =>
      creator?.status === 'approved' ? null : refuse.forbidden(offerMessages.creatorsOnly),
  ),
  /** An offer is stopped by its creator only; anyone else's does not exist (`stopped`: one of theirs was). */
  'offer:stop': row<{ stopped: boolean }>(['POST /api/creators/me/offers/:id/stop'], (_actor, facts) =>
    facts.stopped ? null : refuse.notFound(offerMessages.notFound),
  ),
  /**
   * An offer's link: it exists on an approved creator's page, and across a block (either way) it
   * does not. `creator` is the page of the link's handle, `offerCreatorId` the offer's page.
   */
  'offer:view': row<{
    creator: { id: string; status: string } | null;
    offerCreatorId: string | null;
    blocked: boolean;
  }>(
    ['GET /api/creators/:handle/offers/:code', 'POST /api/creators/:handle/offers/:code/claim'],
    (_actor, facts) =>
      facts.creator?.status !== 'approved' || facts.offerCreatorId !== facts.creator.id || facts.blocked
        ? refuse.notFound(offerMessages.notFound)
        : null,
  ),
  /**
   * Taking an offer (409 with the reason; the link shows the same words): the offer is still open,
   * not the fan's own, no block, not claimed before, no subscription with access now, and the fan
   * is the promotion's audience (new fans, or fans whose subscription ended).
   */
  'offer:claim': row<{
    offer: OfferRecord;
    claims: number;
    isOwner: boolean;
    blocked: boolean;
    claimed: boolean;
    subscription: CreatorSubscriptionRecord | null;
    now: Date;
  }>(
    ['POST /api/creators/:handle/offers/:code/claim', 'POST /api/creators/:handle/subscribe'],
    (_actor, facts) => {
      const say = refuse.conflict;
      const open = offerOpen(facts.offer, facts.claims, facts.now);
      if (open) return say(open);
      if (facts.isOwner) return say(offerMessages.yourOwn);
      if (facts.blocked) return say(offerMessages.notFound);
      if (facts.claimed) return say(offerMessages.claimed);
      if (facts.subscription && hasAccess(facts.subscription, facts.now))
        return say(offerMessages.subscribed);
      if (facts.offer.kind === 'promotion') {
        const fresh = isNewFan(facts.subscription);
        if (facts.offer.audience === 'new' && !fresh) return say(offerMessages.notNew);
        if (facts.offer.audience === 'expired' && fresh) return say(offerMessages.notExpired);
      }
      return null;
    },
  ),

  /**
   * An agent plan's payment is verified only by the user who made it; anyone else learns nothing
   * (404). Buying a plan needs a verified email: 'account:act'.
   */
  'plan-payment:verify': row<{ userId: string | null }>(
    ['POST /api/subscriptions/verify-payment'],
    (actor, payment) =>
      payment.userId !== null && isSelf(actor, payment.userId)
        ? null
        : refuse.notFound(subscriptionMessages.paymentNotFound),
  ),

  /**
   * A creator's own payouts: their payout account, schedule, quotes, requests and history. The
   * actor must have a creator profile (`creatorUserId`, null without one) and be that creator.
   */
  'payout:manage': row<{ creatorUserId: string | null }>(
    [
      'GET /api/payouts/settings',
      'PUT /api/payouts/settings',
      'GET /api/payouts/banks',
      'POST /api/payouts/account/resolve',
      'PUT /api/payouts/account',
      'POST /api/payouts/quote',
      'POST /api/wallet/payouts',
      'GET /api/payouts',
    ],
    (actor, facts) => ownCreator(actor, facts.creatorUserId),
  ),
  /** Settling payouts, OTPs, exchange rates and reconciling: admins only. */
  'payout:settle': row<Record<string, never>>(
    [
      'GET /api/admin/payouts',
      'POST /api/admin/payouts/:id/paid',
      'POST /api/admin/payouts/:id/otp',
      'POST /api/admin/payouts/:id/verify',
      'GET /api/admin/exchange-rates',
      'PUT /api/admin/exchange-rates/:currency',
      'GET /api/admin/payouts/reconcile',
      'POST /api/admin/payouts/reconcile',
    ],
    (actor) => (isAdmin(actor) ? null : refuse.forbidden('Only admins can manage payouts')),
  ),
} as const;
