import { offerMessages } from '../../common/schemas/offers.ts';
import type { CreatorSubscriptionRecord } from '../repositories/fan-subscriptions.repository.ts';
import type { OfferRecord } from '../repositories/offers.repository.ts';
import { hasAccess } from './fan-payments.ts';

/** Whether the offer can still be claimed by anyone: not stopped, not ended, claims left. */
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

/**
 * Why this fan may not take the offer now, or null: their own offer, a block, claimed before,
 * subscribed now, or not the promotion's audience (new fans, or fans whose subscription ended).
 */
export function offerRefusal(facts: {
  offer: OfferRecord;
  claims: number;
  isOwner: boolean;
  blocked: boolean;
  claimed: boolean;
  subscription: CreatorSubscriptionRecord | null;
  now: Date;
}): string | null {
  const open = offerOpen(facts.offer, facts.claims, facts.now);
  if (open) return open;
  if (facts.isOwner) return offerMessages.yourOwn;
  if (facts.blocked) return offerMessages.notFound;
  if (facts.claimed) return offerMessages.claimed;
  if (facts.subscription && hasAccess(facts.subscription, facts.now)) return offerMessages.subscribed;
  if (facts.offer.kind === 'promotion') {
    const fresh = isNewFan(facts.subscription);
    if (facts.offer.audience === 'new' && !fresh) return offerMessages.notNew;
    if (facts.offer.audience === 'expired' && fresh) return offerMessages.notExpired;
  }
  return null;
}

/** A creator makes and stops offers while their page is approved. */
export function canMakeOffers(creator: { status: string } | null): boolean {
  return creator?.status === 'approved';
}
