import { randomBytes } from 'node:crypto';
import { type CreateOfferInput, offerLimits, offerMessages } from '../../../../common/schemas/offers.ts';
import { badRequest, conflict, notFound, validationFailed } from '../../../errors.ts';
import { addDays, type Clock } from '../../../lib/clock.ts';
import { actorOf, assertCan, assertPresent, refusalOf } from '../../../policies/access.ts';
import { isOwnerOf } from '../../../policies/actions/creators.ts';
import type { UserRecord } from '../../../repositories/auth/users.repository.ts';
import type { FanPaymentsStore } from '../../../repositories/billing/fan-payments/fan-payments-store.ts';
import type { CreatorSubscriptionRecord } from '../../../repositories/billing/fan-payments/fan-subscriptions.repository.ts';
import type { OfferRecord, OfferRow } from '../../../repositories/billing/fan-payments/offers.repository.ts';
import type {
  CreatorRecord,
  CreatorsRepository,
} from '../../../repositories/creators/creators.repository.ts';
import type { BlocksRepository } from '../../../repositories/safety/blocks.repository.ts';

type Viewer = Pick<UserRecord, 'id' | 'role'>;

const newCode = () => randomBytes(9).toString('base64url');

/** What a fan's view of an offer is built from (server/presenters/billing/offers.ts). */
export interface OfferFacts {
  offer: OfferRecord;
  creator: CreatorRecord;
  claims: number;
  refusal: string | null;
  hasSavedCard: boolean;
  signedIn: boolean;
}

/**
 * Free trials and promotions: a creator makes them and shares their link; a fan claims a trial
 * here (no payment: the subscription starts at once for the trial's days), and a promotion through
 * the subscribe checkout with its code (checkout.service.ts), whose settlement records the claim.
 * Subscribe with a trial's code claims the trial here too, so no checkout charges for it.
 */
export function createOffersService(deps: {
  store: FanPaymentsStore;
  creators: Pick<CreatorsRepository, 'findByHandle' | 'findByUserId'>;
  blocks: Pick<BlocksRepository, 'between'>;
  /** The active provider's name: a saved card must be one it can charge. */
  providerName: string;
  clock: Clock;
}) {
  const { store, clock } = deps;

  async function ownCreator(user: Viewer): Promise<CreatorRecord> {
    const creator = await deps.creators.findByUserId(user.id);
    assertCan(actorOf(user), 'offer:make', { creator });
    assertPresent(creator);
    return creator;
  }

  /** The offer behind a link on this creator's page; anything else does not exist. */
  async function offerAt(
    viewer: Viewer | null,
    handle: string,
    code: string,
  ): Promise<{ offer: OfferRecord; creator: CreatorRecord }> {
    const creator = await deps.creators.findByHandle(handle);
    const offer = code.length <= 40 ? await store.offers.findByCode(code) : null;
    assertCan(actorOf(viewer), 'offer:view', {
      creator,
      offerCreatorId: offer?.creatorId ?? null,
      blocked: false,
    });
    if (!creator || !offer) throw notFound(offerMessages.notFound);
    return { offer, creator };
  }

  async function facts(
    viewer: Viewer | null,
    offer: OfferRecord,
    creator: CreatorRecord,
  ): Promise<OfferFacts> {
    const now = clock.now();
    const [claims, blocked, claimed, subscription, card] = await Promise.all([
      store.offers.claimCount(offer.id),
      viewer ? deps.blocks.between(viewer.id, creator.userId) : Promise.resolve(false),
      viewer ? store.offers.hasClaimed(offer.id, viewer.id) : Promise.resolve(false),
      viewer ? store.subscriptions.find(viewer.id, creator.id) : Promise.resolve(null),
      viewer ? store.offers.savedCard(viewer.id, deps.providerName) : Promise.resolve(null),
    ]);
    assertCan(actorOf(viewer), 'offer:view', { creator, offerCreatorId: offer.creatorId, blocked });
    // Where the creator's page is not shown, neither are its offers (451, as the page answers).
    assertCan(actorOf(viewer), 'creator:region', { creator });
    const refusal =
      refusalOf(actorOf(viewer), 'offer:claim', {
        offer,
        claims,
        isOwner: viewer !== null && isOwnerOf(viewer, creator),
        blocked,
        claimed,
        subscription,
        now,
      })?.message ?? null;
    return { offer, creator, claims, refusal, hasSavedCard: card !== null, signedIn: viewer !== null };
  }

  return {
    async create(user: Viewer, input: CreateOfferInput): Promise<OfferRow> {
      const creator = await ownCreator(user);
      const now = clock.now();
      if (input.endsAt) {
        const ends = new Date(input.endsAt);
        if (ends <= now || ends > addDays(now, offerLimits.endsWithinDays))
          throw validationFailed({ endsAt: offerMessages.endsAt });
      }
      const offer = await store.offers.create(creator.id, newCode(), input, now);
      return { offer, claims: 0, conversions: 0 };
    },

    async list(user: Viewer): Promise<OfferRow[]> {
      const creator = await ownCreator(user);
      return store.offers.listForCreator(creator.id);
    },

    async stop(user: Viewer, id: string): Promise<void> {
      const creator = await ownCreator(user);
      const stopped = /^[0-9a-f-]{36}$/i.test(id)
        ? await store.offers.stop(creator.id, id.toLowerCase(), clock.now())
        : null;
      assertCan(actorOf(user), 'offer:stop', { stopped: Boolean(stopped) });
    },

    /** An offer from its link, as this viewer (signed in or not) may take it. */
    async view(viewer: Viewer | null, handle: string, code: string): Promise<OfferFacts> {
      const { offer, creator } = await offerAt(viewer, handle, code);
      return facts(viewer, offer, creator);
    },

    /**
     * Starts a free trial: the subscription is active (or, without renewal, cancelled) at once for
     * the trial's days, at no charge. It renews at the monthly price only when the fan asked for
     * it and has a card saved with the provider; otherwise it ends with the trial. One claim per
     * fan, counted under the offer's lock, so the last claim cannot be taken twice.
     */
    async claimTrial(
      user: Viewer & Pick<UserRecord, 'isEmailVerified'>,
      handle: string,
      code: string,
      renew: boolean,
    ): Promise<{
      subscription: CreatorSubscriptionRecord;
      renews: boolean;
      creator: CreatorRecord;
      offer: OfferRecord;
    }> {
      const { offer, creator } = await offerAt(user, handle, code);
      if (offer.kind !== 'trial' || offer.trialDays === null) throw badRequest(offerMessages.notATrial);
      const blocked = await deps.blocks.between(user.id, creator.userId);
      assertCan(actorOf(user), 'offer:view', { creator, offerCreatorId: offer.creatorId, blocked });
      assertCan(actorOf(user), 'creator:pay', { creator, blocked });
      return store.withTransaction(async (r) => {
        const now = clock.now();
        await r.purchases.lockUser(user.id);
        const locked = await r.offers.lock(offer.id);
        if (!locked) throw notFound(offerMessages.notFound);
        const [claims, claimed, existing] = await Promise.all([
          r.offers.claimCount(offer.id),
          r.offers.hasClaimed(offer.id, user.id),
          r.subscriptions.find(user.id, creator.id),
        ]);
        assertCan(actorOf(user), 'offer:claim', {
          offer: locked,
          claims,
          isOwner: isOwnerOf(user, creator),
          blocked: false,
          claimed,
          subscription: existing,
          now,
        });
        const sub = await r.subscriptions.lockPair(user.id, creator.id, now);
        const card = renew ? await r.offers.savedCard(user.id, deps.providerName) : null;
        const renews = card !== null;
        const periodEnd = addDays(now, locked.trialDays ?? 1);
        const updated = await r.subscriptions.update(sub.id, {
          status: renews ? 'active' : 'canceled',
          plan: 'monthly',
          amount: creator.monthlyPriceCents,
          currency: 'USD',
          startedAt: now,
          currentPeriodStart: now,
          currentPeriodEnd: periodEnd,
          canceledAt: renews ? null : now,
          endedAt: null,
          provider: deps.providerName as 'sandbox' | 'paystack',
          authorizationCode: card,
          renewalAttempts: 0,
          nextRetryAt: null,
          updatedAt: now,
        });
        if (!updated) throw new Error('subscription vanished');
        await r.offers.addClaim({
          offerId: offer.id,
          fanId: user.id,
          subscriptionId: sub.id,
          paymentId: null,
          periodEnd,
          now,
        });
        return { subscription: updated, renews, creator, offer: locked };
      });
    },

    /**
     * An offer's code at the subscribe checkout: the offer (a promotion or a free trial), when this
     * fan may take it now; otherwise refused with the reason, so nothing is charged by mistake.
     */
    async offerFor(user: Viewer, creator: CreatorRecord, code: string): Promise<OfferRecord> {
      const offer = code.length <= 40 ? await store.offers.findByCode(code) : null;
      // The creator's page was asked already ('creator:subscribe': approved, no block).
      assertCan(actorOf(user), 'offer:view', {
        creator,
        offerCreatorId: offer?.creatorId ?? null,
        blocked: false,
      });
      if (!offer) throw notFound(offerMessages.notFound);
      const seen = await facts(user, offer, creator);
      if (seen.refusal) throw conflict(seen.refusal);
      return offer;
    },
  };
}

export type OffersService = ReturnType<typeof createOffersService>;
