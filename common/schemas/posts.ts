import { z } from 'zod';
import { limits } from '../limits.ts';
import { creatorSummarySchema } from './creators.ts';
import { mediaSchema } from './media.ts';

export const postVisibilities = ['public', 'subscribers', 'pay_per_view'] as const;
export type PostVisibility = (typeof postVisibilities)[number];

/** Where a post stands: only published posts are shown to anyone but their creator. */
export const postStatuses = ['draft', 'scheduled', 'published', 'expired'] as const;
export type PostStatus = (typeof postStatuses)[number];

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
  oneMediaOnly: 'A post has photos and videos, or one YouTube link',
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
  tooManyItems: `A post can have at most ${limits.postItemsMax} photos and videos`,
  repeatedItem: 'The same photo or video is in this post twice',
  pollOptionsCount: 'A poll has 2 to 4 options',
  pollOptionEmpty: 'Fill in every option, or remove the empty one',
  pollOptionTooLong: 'An option has at most 80 characters',
  pollOptionRepeated: 'Two options say the same thing',
  pollEndRequired: 'Choose when the poll ends',
  pollEndInPast: 'The poll must end in the future',
  pollEnded: 'This poll has ended',
  pollAlreadyVoted: 'You already voted in this poll',
  pollNoSuchOption: 'Choose one of the options',
  pollOwnPost: 'You cannot vote in your own poll',
  pollLocked: 'Unlock this post to vote',
  noPoll: 'This post has no poll',
  publishAtRequired: 'Choose the date and time the post goes out',
  publishAtInPast: 'That time has already passed. Choose a time in the future',
  tooManyScheduled: `You can have at most ${limits.scheduledPostsMax} posts scheduled. Publish or cancel some first`,
  expiresBeforePublish: 'The post must stay up after it goes out. Choose a later end date',
  expiresInPast: 'That end date has already passed. Choose a date in the future',
  alreadyPublished: 'This post is already out; it cannot go back to a draft or be scheduled',
  notPublished: 'Only a published post can be pinned',
  pinned: 'Pinned to the top of your profile',
  unpinned: 'Unpinned',
} as const;

/** How a post goes out: now, kept as a draft, or at a chosen time (publishAt). */
export const publishModes = ['now', 'draft', 'scheduled'] as const;
export type PublishMode = (typeof publishModes)[number];

/** A moment with its UTC offset, as the creator's browser computes it from their own time zone. */
const instant = z.iso.datetime({ offset: true, message: 'Please enter a valid date and time' });

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

/** A poll in a new post: 2 to 4 different, non-empty options and an end. */
export const pollInputSchema = z
  .object({
    options: z
      .array(z.string().trim().max(80, m.pollOptionTooLong))
      .min(2, m.pollOptionsCount)
      .max(4, m.pollOptionsCount),
    endsAt: z.iso.datetime({ offset: true, message: m.pollEndRequired }),
  })
  .superRefine((value, context) => {
    if (value.options.some((option) => option === ''))
      context.addIssue({ code: 'custom', path: ['options'], message: m.pollOptionEmpty });
    else if (new Set(value.options.map((option) => option.toLowerCase())).size !== value.options.length)
      context.addIssue({ code: 'custom', path: ['options'], message: m.pollOptionRepeated });
  });
export type PollInput = z.input<typeof pollInputSchema>;

/** POST /api/posts/:id/poll/vote */
export const pollVoteSchema = z.object({ option: z.number().int().min(0).max(3) });

/**
 * A poll as one viewer sees it: the counts only once they voted, or the poll ended (the creator
 * always sees them).
 */
export const pollSchema = z.object({
  options: z.array(z.object({ text: z.string(), votes: z.number().int().nullable() })),
  endsAt: z.string(),
  ended: z.boolean(),
  myVote: z.number().int().nullable(),
  totalVotes: z.number().int().nullable(),
  /** Whether this viewer may vote now (server/policies/posts.ts `pollVoteRefusal`; the web app only shows). */
  canVote: z.boolean(),
});
export type PollView = z.infer<typeof pollSchema>;

/**
 * POST /api/posts: one image or video (a media id from the tus upload), a YouTube link, or none (a
 * text post: the description is its content).
 */
export const createPostSchema = z
  .object({
    description,
    mediaId: z.uuid().optional(),
    /** Several photos and videos, in order (a carousel); instead of `mediaId`. */
    mediaIds: z.array(z.uuid()).max(limits.postItemsMax, m.tooManyItems).optional(),
    youtubeUrl: z.string().trim().max(300).optional(),
    visibility: z.enum(postVisibilities).default('public'),
    /** Dollars as typed, for pay-per-view posts. */
    price: z.string().trim().max(12).optional(),
    publish: z.enum(publishModes).default('now'),
    /** For `publish: 'scheduled'`: when it goes out. */
    publishAt: instant.optional(),
    /** When the post stops being shown (hidden from then on). */
    expiresAt: instant.optional(),
    poll: pollInputSchema.optional(),
  })
  .superRefine((value, context) => {
    if (value.publish === 'scheduled' && !value.publishAt)
      context.addIssue({ code: 'custom', path: ['publishAt'], message: m.publishAtRequired });
    const items = value.mediaIds ?? [];
    if ((value.mediaId || items.length > 0) && value.youtubeUrl)
      context.addIssue({ code: 'custom', path: ['mediaId'], message: m.oneMediaOnly });
    if (value.mediaId && items.length > 0)
      context.addIssue({ code: 'custom', path: ['mediaIds'], message: m.oneMediaOnly });
    if (new Set(items.map((id) => id.toLowerCase())).size !== items.length)
      context.addIssue({ code: 'custom', path: ['mediaIds'], message: m.repeatedItem });
    if (value.youtubeUrl && !youtubeVideoId(value.youtubeUrl))
      context.addIssue({ code: 'custom', path: ['youtubeUrl'], message: m.youtubeInvalid });
    if (value.visibility === 'pay_per_view') {
      const problem = chargeProblem(value.price);
      if (problem) context.addIssue({ code: 'custom', path: ['price'], message: problem });
    }
  });
export type CreatePostInput = z.input<typeof createPostSchema>;

/**
 * PATCH /api/posts/:id: the creator changes the text or who may see it; for a draft or a scheduled
 * post also when it goes out (`publish: 'draft'` cancels a schedule); and when any post ends
 * (`expiresAt: null` keeps it up).
 */
export const updatePostSchema = z
  .object({
    description: description.optional(),
    visibility: z.enum(postVisibilities).optional(),
    price: z.string().trim().max(12).optional(),
    publish: z.enum(publishModes).optional(),
    publishAt: instant.optional(),
    expiresAt: instant.nullable().optional(),
  })
  .superRefine((value, context) => {
    if (value.publish === 'scheduled' && !value.publishAt)
      context.addIssue({ code: 'custom', path: ['publishAt'], message: m.publishAtRequired });
    if (value.visibility === 'pay_per_view') {
      const problem = chargeProblem(value.price);
      if (problem) context.addIssue({ code: 'custom', path: ['price'], message: problem });
    }
  });
export type UpdatePostInput = z.input<typeof updatePostSchema>;

const moneySchema = z.object({ amount: z.number().int(), currency: z.string() });

/** How many photos and videos a post holds: shown on a locked post ("3 photos · 1 video"). */
export const itemCountsSchema = z.object({ photos: z.number().int(), videos: z.number().int() });
export type ItemCounts = z.infer<typeof itemCountsSchema>;

/** "3 photos · 1 video" */
export function itemCountsLabel(counts: ItemCounts): string {
  const parts: string[] = [];
  if (counts.photos > 0) parts.push(`${counts.photos} ${counts.photos === 1 ? 'photo' : 'photos'}`);
  if (counts.videos > 0) parts.push(`${counts.videos} ${counts.videos === 1 ? 'video' : 'videos'}`);
  return parts.join(' · ');
}

/**
 * A post as one viewer sees it. When `locked`, `media` carries only the blurred preview and the
 * thumbhash, `items` is empty and `youtubeId` is null: nothing that shows the content itself. A
 * locked text post's `description` is empty too: its text is its content.
 */
export const postSchema = z.object({
  id: z.string(),
  creator: creatorSummarySchema,
  description: z.string(),
  /** The first photo or video (the cover). */
  media: mediaSchema.nullable(),
  /** Every photo and video in order, the first included; empty while locked (see itemCounts). */
  items: z.array(mediaSchema),
  itemCounts: itemCountsSchema,
  /** Null without a poll, or while the post is locked. */
  poll: pollSchema.nullable(),
  youtubeId: z.string().nullable(),
  /** No photo, video or YouTube link: the description is the post (withheld while locked). */
  textOnly: z.boolean(),
  visibility: z.enum(postVisibilities),
  price: moneySchema.nullable(),
  locked: z.boolean(),
  likes: z.number().int(),
  liked: z.boolean(),
  /** Comments and replies (server/services/engagement/comments.service.ts). */
  commentCount: z.number().int(),
  /** Saved to the viewer's bookmarks (false for visitors). */
  bookmarked: z.boolean(),
  isOwner: z.boolean(),
  /** What this viewer may do with the post (server/policies/posts.ts decides; the web app only shows). */
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  canReport: z.boolean(),
  /** The pin toggle: pin the owner's published post to their profile, or unpin it once pinned. */
  canPin: z.boolean(),
  /** Anyone but the creator only ever sees published posts. */
  status: z.enum(postStatuses),
  /** A scheduled post's time to go out. */
  publishAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  pinned: z.boolean(),
  createdAt: z.string(),
});
export type PostView = z.infer<typeof postSchema>;

export const postListSchema = z.object({ items: z.array(postSchema), nextCursor: z.string().nullable() });
export type PostList = z.infer<typeof postListSchema>;

/** GET /api/creators/me/queue?status= : the creator's scheduled posts (soonest first) or drafts. */
export const queueStatuses = ['scheduled', 'draft'] as const;
export const queueQuerySchema = z.object({ status: z.enum(queueStatuses).default('scheduled') });

/** GET /api/creators/:handle/posts?type= : the profile's Posts tab (all) and Media tab toggles. */
export const postTypes = ['all', 'photos', 'videos'] as const;
export type PostType = (typeof postTypes)[number];

/** POST and DELETE /api/posts/:id/like */
export const likeStateSchema = z.object({ liked: z.boolean(), likes: z.number().int() });
export type LikeState = z.infer<typeof likeStateSchema>;

/** GET /api/search?q= : creators by name and handle, typo-tolerant, best first. */
export const searchResultsSchema = z.object({ items: z.array(creatorSummarySchema) });
export type SearchResults = z.infer<typeof searchResultsSchema>;
