import type { CreatorOffer, PublicOffer } from '../../../common/schemas/offers.ts';
import { offerOpen } from '../../policies/actions/payments.ts';
import type { OfferRow } from '../../repositories/billing/fan-payments/offers.repository.ts';
import type { OfferFacts } from '../../services/billing/fan-payments/offers.service.ts';
import { discountedCents } from '../../services/billing/fan-payments/pricing.ts';

const usd = (amount: number) => ({ amount, currency: 'USD' });

/** An offer from its link, for one viewer: what it gives, and whether they may take it. */
export function presentPublicOffer(facts: OfferFacts): PublicOffer {
  const { offer, creator } = facts;
  const regular = creator.monthlyPriceCents;
  return {
    code: offer.code,
    kind: offer.kind,
    trialDays: offer.trialDays,
    discountPercent: offer.discountPercent,
    audience: offer.audience,
    firstPeriodPrice:
      offer.kind === 'promotion' && offer.discountPercent !== null
        ? usd(discountedCents(regular, offer.discountPercent))
        : null,
    regularPrice: usd(regular),
    endsAt: offer.endsAt?.toISOString() ?? null,
    claimsLeft: offer.maxClaims === null ? null : Math.max(0, offer.maxClaims - facts.claims),
    available: facts.refusal === null,
    unavailableReason: facts.refusal,
    hasSavedCard: facts.hasSavedCard,
  };
}

/** A creator's own offer with its claims and conversions. */
export function presentCreatorOffer(row: OfferRow, now: Date): CreatorOffer {
  const { offer } = row;
  return {
    id: offer.id,
    code: offer.code,
    kind: offer.kind,
    trialDays: offer.trialDays,
    discountPercent: offer.discountPercent,
    audience: offer.audience,
    maxClaims: offer.maxClaims,
    endsAt: offer.endsAt?.toISOString() ?? null,
    stopped: offer.stoppedAt !== null,
    active: offerOpen(offer, row.claims, now) === null,
    claims: row.claims,
    conversions: row.conversions,
    createdAt: offer.createdAt.toISOString(),
  };
}
