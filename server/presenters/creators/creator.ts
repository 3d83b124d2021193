import {
  type CreatorListResponse,
  type CreatorProfile,
  type CreatorReview,
  type CreatorReviewList,
  type CreatorSummary,
  creatorPricing,
  type MyCreatorResponse,
  sixMonthPriceCents,
} from '../../../common/schemas/creators.ts';
import type { MediaView } from '../../../common/schemas/media.ts';
import { actorOf, can } from '../../policies/access.ts';
import { isOwnerOf, type Viewer } from '../../policies/actions/creators.ts';
import type {
  CreatorCounts,
  CreatorRecord,
  ReviewRow,
} from '../../repositories/creators/creators.repository.ts';
import type {
  CreatorPageFacts,
  CreatorSuggestions,
  MyCreatorFacts,
} from '../../services/creators/creators.service.ts';
import type { CreatorReviewFacts } from '../../services/creators/review.service.ts';

/** `viewer`: given where a list shows the signed-in viewer's own page apart (search results). */
export function presentCreatorSummary(
  creator: CreatorRecord,
  isFollowing?: boolean,
  viewer?: Viewer,
): CreatorSummary {
  return {
    id: creator.id,
    handle: creator.handle,
    displayName: creator.displayName,
    avatarUrl: creator.avatarUrl,
    ...(isFollowing === undefined ? {} : { isFollowing }),
    ...(viewer === undefined ? {} : { isOwner: isOwnerOf(viewer, creator) }),
  };
}

/**
 * A creator's page for one viewer: review notes only for the creator and admins, and what the
 * viewer may do there. `blocked`: a block either way between the viewer and the creator (only an
 * admin still sees such a page).
 */
export function presentCreatorProfile(
  creator: CreatorRecord,
  context: { viewer: Viewer | null; counts: CreatorCounts; isFollowing: boolean; blocked: boolean },
): CreatorProfile {
  const { viewer, blocked } = context;
  const actor = actorOf(viewer);
  const page = { creator };
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
    rejectionReason: can(actor, 'creator:review-notes', page) ? creator.rejectionReason : null,
    price: {
      monthly: money(creator.monthlyPriceCents),
      sixMonths: money(sixMonthPriceCents(creator.monthlyPriceCents)),
    },
    bundles: {
      threeMonthDiscountPercent: creator.threeMonthDiscountPercent,
      twelveMonthDiscountPercent: creator.twelveMonthDiscountPercent,
    },
    counts: context.counts,
    viewer: { isOwner: isOwnerOf(context.viewer, creator), isFollowing: context.isFollowing },
    canEdit: can(actor, 'creator:edit', page),
    canMessage: can(actor, 'creator:message', page),
    canFollow: can(actor, 'creator:follow-toggle', { creator, blocked, isFollowing: context.isFollowing }),
    // The page's own rules (not yourself, no block, an approved page); a visitor is asked to sign in
    // first. Whether a subscription still renews, or the creator's account can take a tip, is asked
    // when the checkout starts.
    canSubscribe: can(actorOf(viewer), 'creator:subscribe', {
      creator,
      blocked,
      subscription: null,
      now: new Date(0),
    }),
    canTip: can(actorOf(viewer), 'creator:tip', { creator, blocked }),
    canReport: can(actor, 'creator:report', page),
    createdAt: creator.createdAt.toISOString(),
  };
}

/** A creator's page as the service found it for one viewer (creators.service.ts `pageOf`). */
export const presentCreatorPage = (page: CreatorPageFacts): CreatorProfile =>
  presentCreatorProfile(page.creator, page);

/** Suggested creators: a signed-in viewer follows none of them. */
export function presentCreatorSuggestions(page: CreatorSuggestions): CreatorListResponse {
  return {
    items: page.rows.map((row) => presentCreatorSummary(row, page.signedIn ? false : undefined)),
    nextCursor: page.nextCursor,
  };
}

/** GET /api/creators/me: your own page, if you are a creator, and your library counts. */
export function presentMyCreator(mine: MyCreatorFacts): MyCreatorResponse {
  return { creator: mine.creator ? presentCreatorPage(mine.creator) : null, counts: mine.counts };
}

/**
 * One application in the admins' review queue: the profile as presented to the admin, the account
 * behind it (admins see its email), and the identity document the admin may open.
 */
export function presentCreatorReview(
  { creator, account }: ReviewRow,
  shown: { profile: CreatorProfile; document: MediaView | null },
): CreatorReview {
  return {
    creator: shown.profile,
    account: {
      id: account.id,
      email: account.email,
      firstName: account.firstName,
      lastName: account.lastName,
    },
    country: creator.country,
    identity: creator.identity ?? '',
    document: shown.document,
    submittedAt: creator.createdAt.toISOString(),
    reviewedAt: creator.reviewedAt?.toISOString() ?? null,
  };
}

/** A page of the admins' review queue. */
export function presentCreatorReviewList(page: {
  rows: CreatorReviewFacts[];
  nextCursor: string | null;
}): CreatorReviewList {
  return {
    items: page.rows.map(({ row, page: profile, document }) =>
      presentCreatorReview(row, { profile: presentCreatorPage(profile), document }),
    ),
    nextCursor: page.nextCursor,
  };
}
