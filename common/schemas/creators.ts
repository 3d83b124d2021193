import { z } from 'zod';
import { handleMessages, handleProblem, normalizeHandle } from '../handles.ts';
import { limits } from '../limits.ts';
import { mediaSchema } from './media.ts';
import { creatorBundles, creatorPricing } from './pricing.ts';

/** The onboarding's steps, in order (spec section 2; 'indentity' is the spec's spelling). */
export const onboardingSteps = [
  'journey',
  'country',
  'indentity',
  'bio',
  'banner',
  'plans',
  'post',
  'completed',
] as const;
export type OnboardingStep = (typeof onboardingSteps)[number];

export const identityOptions = ['Male', 'Female', 'Non-binary', 'Rather not say', 'Other'] as const;
export type IdentityOption = (typeof identityOptions)[number];

export const creatorStatuses = ['pending_review', 'approved', 'rejected'] as const;
export type CreatorStatus = (typeof creatorStatuses)[number];

// Prices and plans are plain values without zod: the profile page shows them before any form loads.
export {
  type CreatorPrices,
  creatorBundles,
  creatorPricing,
  offeredPlans,
  sixMonthPriceCents,
} from './pricing.ts';

/** The wording users see; the spec's own where it has one (section 5). */
export const creatorMessages = {
  regionBlocked: "This creator's page is not available in your region",
  countryRequired: 'Please select a country',
  countryUnknown: 'Please select a country from the list',
  identityRequired: 'Please choose one option',
  profilePhotoRequired: 'Please add a profile photo',
  displayNameRequired: 'Display name is required',
  displayNameTooLong: `Display name must be at most ${limits.nameMaxLength} characters`,
  documentRequired: 'Please add a verification document',
  bannerRequired: 'Please add a banner image',
  bioRequired: 'Please write a short bio',
  bioTooLong: `Bio must be at most ${limits.bioMaxLength} characters`,
  priceRequired: 'Please enter your monthly price',
  priceFormat: 'Enter a price in dollars, like 9.99',
  priceRange: 'The monthly price must be between $4.99 and $100',
  usernameRequired: 'Username is required',
  usernameAt: 'Username must start with @',
  uploadMissing: 'This upload is missing or still processing. Please upload it again',
  alreadyCreator: 'You already have a creator profile',
  notCreator: 'Become a creator first',
  creatorNotFound: 'Creator not found',
  cannotFollowSelf: 'You cannot follow yourself',
  cannotFollow: 'You cannot follow this creator',
  rejectReasonRequired: 'Please give the creator a reason',
  profileSaved: 'Profile updated successfully',
  bundleDiscount: `The discount must be a whole number from ${creatorBundles.minDiscountPercent} to ${creatorBundles.maxDiscountPercent}`,
  bundleDiscountRequired: 'Please enter a discount, or turn this bundle off',
  /** The first post's caption, in the words the post form uses (common/schemas/posts.ts). */
  postDescriptionRequired: 'Post description is required',
  postDescriptionTooLong: `Description must not be more than ${limits.postDescriptionMaxLength} characters`,
} as const;

const m = creatorMessages;

/** '9.99' -> 999; null when it is not a dollar amount with at most two decimals. */
export function parsePriceCents(input: string): number | null {
  const value = input.trim();
  if (!/^\d{1,6}(\.\d{0,2})?$/.test(value)) return null;
  const [dollars = '0', cents = ''] = value.split('.');
  return Number(dollars) * 100 + Number(cents.padEnd(2, '0'));
}

/** The plans step's rule: the message to show, or null when the price is acceptable. */
export function monthlyPriceProblem(input: string): string | null {
  if (input.trim() === '') return m.priceRequired;
  const cents = parsePriceCents(input);
  if (cents === null) return m.priceFormat;
  if (cents < creatorPricing.minMonthlyCents || cents > creatorPricing.maxMonthlyCents) return m.priceRange;
  return null;
}

/**
 * A bundle's discount as typed ('15' or '15%'): the whole percent, or the message to show.
 * The server checks the number again (`bundleDiscountSchema`).
 */
export function parseBundleDiscount(input: string): { percent: number } | { problem: string } {
  const value = input.trim().replace(/%$/, '').trim();
  if (value === '') return { problem: m.bundleDiscountRequired };
  if (!/^\d{1,3}$/.test(value)) return { problem: m.bundleDiscount };
  const percent = Number(value);
  if (percent < creatorBundles.minDiscountPercent || percent > creatorBundles.maxDiscountPercent)
    return { problem: m.bundleDiscount };
  return { percent };
}

/** A draft bundle's message, or null when it is off or a whole percent from 0 to 60. */
export function draftBundleProblem(input: string | undefined): string | null {
  if (input === undefined) return null;
  const parsed = parseBundleDiscount(input);
  return 'problem' in parsed ? parsed.problem : null;
}

/** A bundle's discount: a whole percent from 0 to 60, or null when the bundle is not offered. */
export const bundleDiscountSchema = z
  .number({ error: m.bundleDiscount })
  .int(m.bundleDiscount)
  .min(creatorBundles.minDiscountPercent, m.bundleDiscount)
  .max(creatorBundles.maxDiscountPercent, m.bundleDiscount)
  .nullable();

/** The plans step keeps digits and periods only (spec section 5). */
export const priceInputFilter = (input: string) => input.replace(/[^\d.]/g, '');

const optionalText = (max: number) => z.string().max(max).optional();

/**
 * What the onboarding remembers between steps, saved on the server after every step. Every field is
 * optional here; `POST /api/creators/onboarding/complete` checks the whole draft.
 */
export const onboardingDraftSchema = z.object({
  country: optionalText(100),
  identity: z.enum(identityOptions).optional(),
  /** Media ids from the upload endpoints (profile, identity-document, banner, tus post upload). */
  profilePhotoId: z.uuid().optional(),
  displayName: optionalText(limits.nameMaxLength),
  handle: optionalText(40),
  documentId: z.uuid().optional(),
  /** The document's file name, shown back to its owner; never used to store the file. */
  documentName: optionalText(255),
  bannerId: z.uuid().optional(),
  bio: optionalText(limits.bioMaxLength),
  /** Dollars as typed, digits and periods only, e.g. '9.99'. */
  monthlyPrice: optionalText(12),
  /** The 3- and 12-month bundles' discounts as typed, e.g. '15'; absent: the bundle is not offered. */
  threeMonthDiscount: optionalText(4),
  twelveMonthDiscount: optionalText(4),
  postMediaId: z.uuid().optional(),
  /** The first post's caption; needed when there is a first post. */
  postDescription: z.string().max(limits.postDescriptionMaxLength, m.postDescriptionTooLong).optional(),
});
export type OnboardingDraft = z.infer<typeof onboardingDraftSchema>;

/** PUT /api/creators/onboarding */
export const saveOnboardingSchema = z.object({
  step: z.enum(onboardingSteps),
  draft: onboardingDraftSchema,
});
export type SaveOnboardingInput = z.infer<typeof saveOnboardingSchema>;

const moneySchema = z.object({ amount: z.number().int(), currency: z.string() });

/** A creator's page as one viewer sees it. */
export const creatorProfileSchema = z.object({
  id: z.string(),
  userId: z.string(),
  handle: z.string(),
  displayName: z.string(),
  avatarUrl: z.string().nullable(),
  bannerUrl: z.string().nullable(),
  bio: z.string(),
  status: z.enum(creatorStatuses),
  /** Shown to the creator and admins only (null for everyone else). */
  rejectionReason: z.string().nullable(),
  price: z.object({ monthly: moneySchema, sixMonths: moneySchema }),
  /**
   * The 3- and 12-month bundles' discounts (whole percent; null: not offered). The server always
   * sends it; GET /api/creators/:handle/subscription prices the plans.
   */
  bundles: z
    .object({
      threeMonthDiscountPercent: z.number().int().nullable(),
      twelveMonthDiscountPercent: z.number().int().nullable(),
    })
    .optional(),
  counts: z.object({
    photos: z.number().int(),
    videos: z.number().int(),
    posts: z.number().int(),
    likes: z.number().int(),
    followers: z.number().int(),
  }),
  viewer: z.object({ isOwner: z.boolean(), isFollowing: z.boolean() }),
  /** What this viewer may do with the page (server/policies/creators.ts decides; the web app only shows). */
  canEdit: z.boolean(),
  canMessage: z.boolean(),
  /** The follow toggle: follow (a visitor is asked to sign in), or unfollow when following. */
  canFollow: z.boolean(),
  /** Subscribe Now; whether a subscription still renews is GET /api/creators/:handle/subscription's answer. */
  canSubscribe: z.boolean(),
  canTip: z.boolean(),
  /** The "..." menu: report or block the creator. */
  canReport: z.boolean(),
  createdAt: z.string(),
});
export type CreatorProfile = z.infer<typeof creatorProfileSchema>;

/** GET and PUT /api/creators/onboarding answer where the user is, with previews of what they uploaded. */
export const onboardingStateSchema = z.object({
  step: z.enum(onboardingSteps),
  draft: onboardingDraftSchema,
  media: z.object({
    profilePhoto: mediaSchema.nullable(),
    document: mediaSchema.nullable(),
    banner: mediaSchema.nullable(),
    post: mediaSchema.nullable(),
  }),
  /** Set once onboarding is complete. */
  creator: creatorProfileSchema.nullable(),
});
export type OnboardingState = z.infer<typeof onboardingStateSchema>;

/** GET /api/creators/me */
export const myCreatorResponseSchema = z.object({
  creator: creatorProfileSchema.nullable(),
  /** The viewer's own library, for the private profile's tabs. */
  /** `purchased`: posts unlocked; `purchasedMessages`: pay-per-view messages unlocked. */
  counts: z.object({
    liked: z.number().int(),
    purchased: z.number().int(),
    purchasedMessages: z.number().int(),
  }),
});
export type MyCreatorResponse = z.infer<typeof myCreatorResponseSchema>;

/** Edit profile: the form's fields and the spec's messages (section 5). */
export const editCreatorProfileSchema = z.object({
  displayName: z
    .string({ error: m.displayNameRequired })
    .trim()
    .min(1, m.displayNameRequired)
    .max(limits.nameMaxLength, m.displayNameTooLong),
  username: z
    .string({ error: m.usernameRequired })
    .trim()
    .min(1, m.usernameRequired)
    .startsWith('@', m.usernameAt)
    .superRefine((value, context) => {
      const problem = handleProblem(normalizeHandle(value));
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
  bio: z.string().trim().max(limits.bioMaxLength, m.bioTooLong),
});
export type EditCreatorProfileForm = z.infer<typeof editCreatorProfileSchema>;

/**
 * PATCH /api/creators/me: the form plus new images (media ids from the upload endpoints) and the
 * bundles' discounts (left out: unchanged; null: the bundle is not offered).
 */
export const updateCreatorProfileSchema = editCreatorProfileSchema.extend({
  avatarId: z.uuid().optional(),
  bannerId: z.uuid().optional(),
  threeMonthDiscountPercent: bundleDiscountSchema.optional(),
  twelveMonthDiscountPercent: bundleDiscountSchema.optional(),
});
export type UpdateCreatorProfileInput = z.infer<typeof updateCreatorProfileSchema>;

/** A creator as shown in short lists (the 'More Creators' panel, search results). */
export const creatorSummarySchema = z.object({
  id: z.string(),
  handle: z.string(),
  displayName: z.string(),
  avatarUrl: z.string().nullable(),
  isFollowing: z.boolean().optional(),
  /** In search results for a signed-in viewer: this is the viewer's own page (no Follow, marked 'You'). */
  isOwner: z.boolean().optional(),
});

export type CreatorSummary = z.infer<typeof creatorSummarySchema>;

/** GET /api/creators?limit=&cursor= answers a keyset page (the page query of common/schemas/pagination.ts). */
export const creatorListResponseSchema = z.object({
  items: z.array(creatorSummarySchema),
  nextCursor: z.string().nullable(),
});

export type CreatorListResponse = z.infer<typeof creatorListResponseSchema>;

/** GET /api/creators/handle-availability?handle= */
export const handleAvailabilitySchema = z.object({
  handle: z.string(),
  available: z.boolean(),
  message: z.string(),
});
export type HandleAvailability = z.infer<typeof handleAvailabilitySchema>;

/** POST and DELETE /api/creators/:handle/follow */
export const followStateSchema = z.object({ following: z.boolean(), followers: z.number().int() });
export type FollowState = z.infer<typeof followStateSchema>;

/** One creator waiting for (or past) review, as an admin sees it. */
export const creatorReviewSchema = z.object({
  creator: creatorProfileSchema,
  account: z.object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
  }),
  country: z.string(),
  identity: z.string(),
  /** The identity document: `urls.document` is fetched with the admin's bearer token. */
  document: mediaSchema.nullable(),
  submittedAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type CreatorReview = z.infer<typeof creatorReviewSchema>;

/** GET /api/admin/creators?status=&cursor=&limit= */
export const creatorReviewListSchema = z.object({
  items: z.array(creatorReviewSchema),
  nextCursor: z.string().nullable(),
});
export type CreatorReviewList = z.infer<typeof creatorReviewListSchema>;

/** POST /api/admin/creators/:id/reject */
export const rejectCreatorSchema = z.object({
  reason: z.string({ error: m.rejectReasonRequired }).trim().min(1, m.rejectReasonRequired).max(1000),
});

export { handleMessages };

/** GET and PUT /api/creators/me/blocked-countries: ISO 3166-1 alpha-2 codes. */
export const blockedCountriesSchema = z.object({
  countries: z
    .array(z.string().regex(/^[A-Za-z]{2}$/, 'Choose countries from the list'))
    .max(250, 'Choose countries from the list'),
});
export type BlockedCountries = z.infer<typeof blockedCountriesSchema>;

/** GET and PUT /api/creators/me/watermark: the visible mark on the creator's photos and videos. */
export const watermarkSettingsSchema = z.object({
  /** `page`: the page address (`<site>/<handle>`) in a corner of every photo and new video. */
  watermark: z.enum(['off', 'page']),
  /** Paid photos also carry the viewer's own name (photos only: videos are shared by all viewers). */
  viewerHandle: z.boolean(),
});
export type WatermarkSettings = z.infer<typeof watermarkSettingsSchema>;
