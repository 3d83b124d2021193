import { z } from 'zod';

/**
 * A creator's offers, each shared as a link (`/public-profile/<handle>?offer=<code>`):
 * - a free trial: 1 to 30 free days; it becomes a paid subscription only if the fan chose to renew
 *   and has a card saved with the provider, otherwise it ends;
 * - a promotion: a percentage off the first period, for fans new to the creator or whose
 *   subscription ended.
 * Each fan claims an offer once; an offer may stop after a number of claims or on a date.
 */
export const offerKinds = ['trial', 'promotion'] as const;
export type OfferKind = (typeof offerKinds)[number];
export const promotionAudiences = ['new', 'expired'] as const;
export type PromotionAudience = (typeof promotionAudiences)[number];

export const offerLimits = {
  trialDaysMin: 1,
  trialDaysMax: 30,
  discountMin: 5,
  discountMax: 90,
  maxClaims: 100_000,
  /** How far ahead an offer may end. */
  endsWithinDays: 365,
} as const;

export const offerMessages = {
  trialDays: `A trial lasts from ${offerLimits.trialDaysMin} to ${offerLimits.trialDaysMax} days`,
  discount: `The discount must be a whole number from ${offerLimits.discountMin} to ${offerLimits.discountMax}%`,
  audience: 'Choose who the promotion is for',
  maxClaims: `The number of claims must be a whole number from 1 to ${offerLimits.maxClaims.toLocaleString('en-US')}`,
  endsAt: 'The end date must be in the future, within a year',
  notFound: 'This offer does not exist',
  creatorsOnly: 'Only approved creators can make offers',
  ended: 'This offer has ended',
  allClaimed: 'This offer has been claimed by as many fans as it allowed',
  claimed: 'You already claimed this offer',
  subscribed: 'You are already subscribed',
  notNew: 'This promotion is for fans new to this creator',
  notExpired: 'This promotion is for fans whose subscription ended',
  notATrial: 'This offer is not a free trial',
  trialMonthlyOnly: 'The free trial is for the monthly plan',
  yourOwn: 'This is your own offer',
  trialStarted: (days: number) => `Your free trial has started: ${days} ${days === 1 ? 'day' : 'days'}`,
} as const;

/** POST /api/creators/me/offers */
export const createOfferSchema = z
  .object({
    kind: z.enum(offerKinds),
    trialDays: z.number().int().optional(),
    discountPercent: z.number().int().optional(),
    audience: z.enum(promotionAudiences, { error: offerMessages.audience }).optional(),
    maxClaims: z
      .number()
      .int()
      .min(1, offerMessages.maxClaims)
      .max(offerLimits.maxClaims, offerMessages.maxClaims)
      .optional(),
    endsAt: z.iso.datetime({ offset: true, message: offerMessages.endsAt }).optional(),
  })
  .superRefine((value, context) => {
    if (value.kind === 'trial') {
      const days = value.trialDays;
      if (days === undefined || days < offerLimits.trialDaysMin || days > offerLimits.trialDaysMax)
        context.addIssue({ code: 'custom', path: ['trialDays'], message: offerMessages.trialDays });
    } else {
      const percent = value.discountPercent;
      if (percent === undefined || percent < offerLimits.discountMin || percent > offerLimits.discountMax)
        context.addIssue({ code: 'custom', path: ['discountPercent'], message: offerMessages.discount });
      if (!value.audience)
        context.addIssue({ code: 'custom', path: ['audience'], message: offerMessages.audience });
    }
  });
export type CreateOfferInput = z.infer<typeof createOfferSchema>;

/** POST /api/creators/:handle/offers/:code/claim: a free trial; `renew` keeps it going after, paid. */
export const claimTrialSchema = z.object({ renew: z.boolean() });

const money = z.object({ amount: z.number().int(), currency: z.string() });

/** An offer as a fan sees it from its link, with whether this viewer may take it and why not. */
export const publicOfferSchema = z.object({
  code: z.string(),
  kind: z.enum(offerKinds),
  trialDays: z.number().int().nullable(),
  discountPercent: z.number().int().nullable(),
  audience: z.enum(promotionAudiences).nullable(),
  /** For a promotion: the first month's price after the discount, and the usual one. */
  firstPeriodPrice: money.nullable(),
  regularPrice: money,
  endsAt: z.string().nullable(),
  claimsLeft: z.number().int().nullable(),
  available: z.boolean(),
  /** Why this viewer may not take it (null when they may, or when signed out). */
  unavailableReason: z.string().nullable(),
  /** Whether renewing after a trial could be charged: the viewer has a card saved with the provider. */
  hasSavedCard: z.boolean(),
});
export type PublicOffer = z.infer<typeof publicOfferSchema>;

/** An offer for its creator, with how it did. */
export const creatorOfferSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(offerKinds),
  trialDays: z.number().int().nullable(),
  discountPercent: z.number().int().nullable(),
  audience: z.enum(promotionAudiences).nullable(),
  maxClaims: z.number().int().nullable(),
  endsAt: z.string().nullable(),
  stopped: z.boolean(),
  /** Still claimable now: not stopped, not ended, claims left. */
  active: z.boolean(),
  claims: z.number().int(),
  /** Fans who went on to pay a regular period after the offer. */
  conversions: z.number().int(),
  createdAt: z.string(),
});
export type CreatorOffer = z.infer<typeof creatorOfferSchema>;
export const creatorOfferListSchema = z.object({ items: z.array(creatorOfferSchema) });
export type CreatorOfferList = z.infer<typeof creatorOfferListSchema>;
