import { z } from 'zod';
import { limits } from '../limits.ts';
import { creatorSummarySchema } from './creators.ts';
import { mediaSchema } from './media.ts';

export const postVisibilities = ['public', 'subscribers', 'pay_per_view'] as const;
export type PostVisibility = (typeof postVisibilities)[number];

/** The Post Content form's choices (spec section 3 "Post draft"). */
export const postActions = ['Create Post', 'Locked Content'] as const;
export const lockedPriceOptions = ['Use Monthly Subscription', 'One-Time Payment'] as const;

/** Pay-per-view prices, USD cents. */
export const postPricing = { currency: 'USD', minCents: 100, maxCents: 50_000 } as const;

/** The wording users see; the spec's own where it has one (sections 4, 5 and 8). */
export const postMessages = {
  descriptionRequired: 'Post description is required',
  descriptionTooLong: `Description must not be more than ${limits.postDescriptionMaxLength} characters`,
  mediaRequired: 'Please upload at least one image or video',
  oneMediaOnly: 'A post has one image, one video or one YouTube link',
  chargeRequired: 'Charge amount is required',
  chargeInvalid: 'Please enter a valid amount',
  chargeRange: 'The price must be between $1 and $500',
  youtubeInvalid: 'Please enter a valid YouTube link',
  mediaMissing: 'This upload is missing or failed. Please upload it again',
  onlyCreators: 'Only creators can post. Become a creator first',
  notApproved: 'You can post once your creator profile is approved',
  notFound: 'Post not found',
  uploaded: 'Your content has been uploaded successfully',
  uploading: 'Uploading content...',
  deleted: 'Post deleted',
  unlockToView: 'Click to unlock this video',
} as const;

const m = postMessages;

/** YouTube watch, share, shorts and embed links -> the 11-character video id; null otherwise. */
const YOUTUBE =
  /^(?:https?:\/\/)?(?:www\.|m\.)?(?:youtube\.com\/(?:watch\?(?:[^#]*&)?v=|embed\/|shorts\/|live\/)|youtube-nocookie\.com\/embed\/|youtu\.be\/)([A-Za-z0-9_-]{11})(?:[?&#/].*)?$/;

export function youtubeVideoId(input: string): string | null {
  return YOUTUBE.exec(input.trim())?.[1] ?? null;
}

/** '4.99' -> 499 when it is a valid pay-per-view price; otherwise the message to show. */
export function chargeProblem(input: string | undefined): string | null {
  const value = (input ?? '').trim();
  if (value === '') return m.chargeRequired;
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(value)) return m.chargeInvalid;
  const cents = Math.round(Number(value) * 100);
  if (cents < postPricing.minCents || cents > postPricing.maxCents) return m.chargeRange;
  return null;
}

const description = z
  .string({ error: m.descriptionRequired })
  .trim()
  .min(1, m.descriptionRequired)
  .max(limits.postDescriptionMaxLength, m.descriptionTooLong);

/** POST /api/posts: one image or video (a media id from the tus upload) or a YouTube link. */
export const createPostSchema = z
  .object({
    description,
    mediaId: z.uuid().optional(),
    youtubeUrl: z.string().trim().max(300).optional(),
    visibility: z.enum(postVisibilities).default('public'),
    /** Dollars as typed, for pay-per-view posts. */
    price: z.string().trim().max(12).optional(),
  })
  .superRefine((value, context) => {
    if (!value.mediaId && !value.youtubeUrl)
      context.addIssue({ code: 'custom', path: ['mediaId'], message: m.mediaRequired });
    if (value.mediaId && value.youtubeUrl)
      context.addIssue({ code: 'custom', path: ['mediaId'], message: m.oneMediaOnly });
    if (value.youtubeUrl && !youtubeVideoId(value.youtubeUrl))
      context.addIssue({ code: 'custom', path: ['youtubeUrl'], message: m.youtubeInvalid });
    if (value.visibility === 'pay_per_view') {
      const problem = chargeProblem(value.price);
      if (problem) context.addIssue({ code: 'custom', path: ['price'], message: problem });
    }
  });
export type CreatePostInput = z.input<typeof createPostSchema>;

/** PATCH /api/posts/:id: the creator changes the text or who may see it. */
export const updatePostSchema = z
  .object({
    description: description.optional(),
    visibility: z.enum(postVisibilities).optional(),
    price: z.string().trim().max(12).optional(),
  })
  .superRefine((value, context) => {
    if (value.visibility === 'pay_per_view') {
      const problem = chargeProblem(value.price);
      if (problem) context.addIssue({ code: 'custom', path: ['price'], message: problem });
    }
  });
export type UpdatePostInput = z.input<typeof updatePostSchema>;

const moneySchema = z.object({ amount: z.number().int(), currency: z.string() });

/**
 * A post as one viewer sees it. When `locked`, `media` carries only the blurred preview and the
 * thumbhash, and `youtubeId` is null: nothing that shows the content itself.
 */
export const postSchema = z.object({
  id: z.string(),
  creator: creatorSummarySchema,
  description: z.string(),
  media: mediaSchema.nullable(),
  youtubeId: z.string().nullable(),
  visibility: z.enum(postVisibilities),
  price: moneySchema.nullable(),
  locked: z.boolean(),
  likes: z.number().int(),
  liked: z.boolean(),
  isOwner: z.boolean(),
  createdAt: z.string(),
});
export type PostView = z.infer<typeof postSchema>;

export const postListSchema = z.object({ items: z.array(postSchema), nextCursor: z.string().nullable() });
export type PostList = z.infer<typeof postListSchema>;

/** GET /api/creators/:handle/posts?type= : the profile's Posts tab (all) and Media tab toggles. */
export const postTypes = ['all', 'photos', 'videos'] as const;
export type PostType = (typeof postTypes)[number];

/** POST and DELETE /api/posts/:id/like */
export const likeStateSchema = z.object({ liked: z.boolean(), likes: z.number().int() });
export type LikeState = z.infer<typeof likeStateSchema>;

/** GET /api/search?q= : creators by name and handle, typo-tolerant, best first. */
export const searchResultsSchema = z.object({ items: z.array(creatorSummarySchema) });
export type SearchResults = z.infer<typeof searchResultsSchema>;
