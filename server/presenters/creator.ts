import {
  type CreatorProfile,
  type CreatorSummary,
  creatorPricing,
  sixMonthPriceCents,
} from '../../common/schemas/creators.ts';
import { canSeeReviewNotes, isOwnerOf, type Viewer } from '../policies/creators.ts';
import type { CreatorCounts, CreatorRecord } from '../repositories/creators.repository.ts';

export function presentCreatorSummary(creator: CreatorRecord, isFollowing?: boolean): CreatorSummary {
  return {
    id: creator.id,
    handle: creator.handle,
    displayName: creator.displayName,
    avatarUrl: creator.avatarUrl,
    ...(isFollowing === undefined ? {} : { isFollowing }),
  };
}

/** A creator's page for one viewer: review notes only for the creator and admins. */
export function presentCreatorProfile(
  creator: CreatorRecord,
  context: { viewer: Viewer | null; counts: CreatorCounts; isFollowing: boolean },
): CreatorProfile {
  const money = (amount: number) => ({ amount, currency: creatorPricing.currency });
  return {
    id: creator.id,
    userId: creator.userId,
    handle: creator.handle,
    displayName: creator.displayName,
    avatarUrl: creator.avatarUrl,
    bannerUrl: creator.bannerUrl,
    bio: creator.bio,
    status: creator.status,
    rejectionReason: canSeeReviewNotes(context.viewer, creator) ? creator.rejectionReason : null,
    price: {
      monthly: money(creator.monthlyPriceCents),
      sixMonths: money(sixMonthPriceCents(creator.monthlyPriceCents)),
    },
    counts: context.counts,
    viewer: { isOwner: isOwnerOf(context.viewer, creator), isFollowing: context.isFollowing },
    createdAt: creator.createdAt.toISOString(),
  };
}
