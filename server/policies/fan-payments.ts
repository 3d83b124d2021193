import { fanPaymentMessages as m } from '../../common/schemas/fan-payments.ts';
import type { PostVisibility } from '../../common/schemas/posts.ts';
import { conflict as conflictError, forbidden, notFound } from '../errors.ts';
import type { CreatorRecord } from '../repositories/creators.repository.ts';
import type { FanPaymentRecord } from '../repositories/fan-payments.repository.ts';
import type { CreatorSubscriptionRecord } from '../repositories/fan-subscriptions.repository.ts';
import { isAdmin } from './account.ts';
import { isOwnerOf, type Viewer } from './creators.ts';

type CreatorFacts = Pick<CreatorRecord, 'userId' | 'status'>;

/** Statuses whose paid period still gives access (past_due: a renewal is being retried). */
const PAID_UP: readonly CreatorSubscriptionRecord['status'][] = ['active', 'past_due', 'canceled'];

/** Whether a subscription serves subscriber-only posts at `now`: paid up and inside its period. */
export function hasAccess(
  subscription: Pick<CreatorSubscriptionRecord, 'status' | 'currentPeriodEnd'>,
  now: Date,
): boolean {
  return PAID_UP.includes(subscription.status) && subscription.currentPeriodEnd > now;
}

/** Why the page takes no subscription from this viewer: yourself, a block either way, not approved. */
function pageSubscribeProblem(viewer: Viewer | null, creator: CreatorFacts, blocked: boolean): string | null {
  if (isOwnerOf(viewer, creator)) return m.cannotSubscribeSelf;
  if (blocked) return m.cannotSubscribeBlocked;
  if (creator.status !== 'approved') return m.creatorNotAccepting;
  return null;
}

/**
 * The profile's Subscribe Now (a visitor is asked to sign in first). Whether a subscription still
 * renews is the answer of `GET /api/creators/:handle/subscription` (`subscribeProblem`).
 */
export const canSubscribeToCreator = (viewer: Viewer | null, creator: CreatorFacts, blocked: boolean) =>
  pageSubscribeProblem(viewer, creator, blocked) === null;

/**
 * Why Subscribe Now may not start a checkout (null when it may): yourself, a block either way, a
 * creator not approved, or a subscription that still renews.
 */
export function subscribeProblem(
  viewer: Viewer,
  creator: CreatorFacts,
  facts: { blocked: boolean; subscription: CreatorSubscriptionRecord | null; now: Date },
): string | null {
  const page = pageSubscribeProblem(viewer, creator, facts.blocked);
  if (page) return page;
  const sub = facts.subscription;
  if (sub && sub.status === 'active' && sub.currentPeriodEnd > facts.now) return m.alreadySubscribed;
  return null;
}

export function assertCanSubscribe(
  viewer: Viewer,
  creator: CreatorFacts,
  facts: { blocked: boolean; subscription: CreatorSubscriptionRecord | null; now: Date },
): void {
  const problem = subscribeProblem(viewer, creator, facts);
  if (problem === m.alreadySubscribed) throw conflictError(problem);
  if (problem) throw forbidden(problem);
}

/** A pay-per-view post of an approved creator, not your own, with no block, not bought yet. */
export function assertCanUnlock(
  viewer: Viewer,
  post: { visibility: PostVisibility; priceCents: number | null },
  creator: CreatorFacts,
  facts: { blocked: boolean; owned: boolean },
): void {
  if (isOwnerOf(viewer, creator)) throw forbidden(m.ownPost);
  if (facts.blocked) throw forbidden(m.cannotUnlockBlocked);
  if (creator.status !== 'approved' || post.visibility !== 'pay_per_view' || !post.priceCents)
    throw forbidden(m.notForSale);
  if (facts.owned) throw conflictError(m.alreadyUnlocked);
}

/** A payment is verified by the fan who made it; to anyone else it does not exist. */
export function assertOwnsPayment(
  viewer: Viewer,
  payment: FanPaymentRecord | null,
): asserts payment is FanPaymentRecord {
  if (!payment || payment.fanId !== viewer.id) throw notFound(m.paymentNotFound);
}

/** A fan manages their own subscriptions only. */
export function assertIsSubscriber(
  viewer: Viewer,
  subscription: Pick<CreatorSubscriptionRecord, 'fanId'> | null,
): asserts subscription is CreatorSubscriptionRecord {
  if (!subscription || subscription.fanId !== viewer.id) throw notFound(m.subscriptionNotFound);
}

/** A creator manages the subscriptions to their own page only. */
export function assertIsCreatorOf(
  creator: Pick<CreatorRecord, 'id'> | null,
  subscription: Pick<CreatorSubscriptionRecord, 'creatorId'> | null,
): asserts subscription is CreatorSubscriptionRecord {
  if (!creator || !subscription || subscription.creatorId !== creator.id)
    throw notFound(m.subscriptionNotFound);
}

/** The wallet, subscribers and payouts are for creators. */
export function assertIsCreator(creator: CreatorRecord | null): asserts creator is CreatorRecord {
  if (!creator) throw forbidden(m.notCreator);
}

/** Payouts are settled by admins only. */
export function assertCanSettlePayouts(viewer: Viewer): void {
  if (!isAdmin(viewer)) throw forbidden('Only admins can manage payouts');
}
