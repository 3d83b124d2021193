import { limits } from '#common/limits.ts';
import { type MediaView, mediaMessages } from '#common/schemas/media.ts';
import {
  type CreatePostInput,
  chargeProblem,
  lockedPriceOptions,
  type PostVisibility,
  type PublishMode,
  postActions,
  postMessages,
  youtubeVideoId,
} from '#common/schemas/posts.ts';
import { instantToLocal, localToInstant } from '../../lib/format.ts';
import { timeProblems } from '../posts/index.ts';

export type PostAction = (typeof postActions)[number];
export type LockedPrice = (typeof lockedPriceOptions)[number];
export type MediaType = 'image' | 'video';

/** A chosen file, with a local object URL for the preview. */
export interface ChosenFile {
  type: MediaType;
  file: File;
  url: string;
}

/** A second or later item of a post: a new file, or an upload already in the vault. */
export type MoreItem =
  | { source: 'file'; key: string; type: MediaType; file: File; url: string }
  | { source: 'vault'; key: string; media: MediaView };

/** The spec's post draft (section 3): what the form holds before anything is sent. */
export interface PostDraft {
  postDescription: string;
  selectedAction: PostAction;
  selectedPrice: LockedPrice;
  chargeAmount: string;
  /** One image or one video; choosing one replaces the other. */
  media: ChosenFile | null;
  /** The video is made so that a recording of it names its viewer (doubles its storage). */
  traceRecordings: boolean;
  /** A YouTube link instead of a file. */
  youtubeUrl: string;
  /** "Add more": the post's later photos and videos, in order (a carousel). */
  more: MoreItem[];
  /** A poll under the post: 2 to 4 options and when it ends (`datetime-local`). */
  poll: { options: string[]; endsAt: string } | null;
  /** Out now, kept as a draft, or out at `publishAt`. */
  when: PublishMode;
  /** `datetime-local` values, in the creator's own time zone (the browser's). */
  publishAt: string;
  /** Empty: the post stays up. */
  expiresAt: string;
}

export const emptyDraft: PostDraft = {
  postDescription: '',
  selectedAction: postActions[0],
  selectedPrice: lockedPriceOptions[0],
  chargeAmount: '',
  media: null,
  traceRecordings: false,
  youtubeUrl: '',
  more: [],
  poll: null,
  when: 'now',
  publishAt: '',
  expiresAt: '',
};

export type DraftField = 'description' | 'media' | 'charge' | 'poll' | 'publishAt' | 'expiresAt';
export type DraftProblems = Partial<Record<DraftField, string>>;

const fileRules: Record<MediaType, { prefix: string; wrongType: string; maxBytes: number }> = {
  image: { prefix: 'image/', wrongType: mediaMessages.selectImage, maxBytes: limits.media.postImageMaxBytes },
  video: {
    prefix: 'video/',
    wrongType: 'Please select a video file',
    maxBytes: limits.media.postVideoMaxBytes,
  },
};

/** The message for a picked file, or null when it may be sent (the server checks the bytes again). */
export function fileProblem(file: { type: string; size: number }, type: MediaType): string | null {
  const rule = fileRules[type];
  if (!file.type.startsWith(rule.prefix)) return rule.wrongType;
  return file.size > rule.maxBytes ? mediaMessages.tooLarge(rule.maxBytes) : null;
}

/** Create Post is public; Locked Content is for subscribers or a one-time price. */
export function visibilityOf(draft: Pick<PostDraft, 'selectedAction' | 'selectedPrice'>): PostVisibility {
  if (draft.selectedAction === 'Create Post') return 'public';
  return draft.selectedPrice === 'One-Time Payment' ? 'pay_per_view' : 'subscribers';
}

export const isLocked = (draft: Pick<PostDraft, 'selectedAction'>) =>
  draft.selectedAction === 'Locked Content';

/** The spec's post rules (section 5), in the order a reader meets the fields. */
export function draftProblems(draft: PostDraft): DraftProblems {
  const problems: DraftProblems = {};
  const description = draft.postDescription.trim();
  if (description === '') problems.description = postMessages.descriptionRequired;
  else if (description.length > limits.postDescriptionMaxLength)
    problems.description = postMessages.descriptionTooLong;

  const link = draft.youtubeUrl.trim();
  const files = (draft.media ? 1 : 0) + (draft.more?.length ?? 0);
  if (files > limits.postItemsMax) problems.media = postMessages.tooManyItems;
  // No file and no link: a text post, whose description is all it needs.
  else if (files === 0 && link !== '' && !youtubeVideoId(link)) problems.media = postMessages.youtubeInvalid;

  if (visibilityOf(draft) === 'pay_per_view') {
    const problem = chargeProblem(draft.chargeAmount);
    if (problem) problems.charge = problem;
  }
  const publishAt = draft.when === 'scheduled' ? localToInstant(draft.publishAt) : null;
  const poll = draft.poll ? pollProblem(draft.poll, Date.now(), publishAt) : null;
  if (poll) problems.poll = poll;
  Object.assign(problems, timeProblems(draft, Date.now()));
  return problems;
}

/** How long a new poll runs unless the creator changes its end. */
export const pollDefaultHours = 24;

/** Said when the poll would end before a scheduled post comes out (the server refuses it too). */
export const pollEndBeforePublish = 'The poll must end after the post comes out';

/**
 * A new poll: two empty options, ending `pollDefaultHours` after the post comes out (now, or the
 * scheduled time when one is set and still ahead), so the end the field shows is already valid.
 */
export function newPoll(
  times: Pick<PostDraft, 'when' | 'publishAt'>,
  now: number,
): NonNullable<PostDraft['poll']> {
  const publishAt = times.when === 'scheduled' ? localToInstant(times.publishAt) : null;
  const start = publishAt && publishAt.getTime() > now ? publishAt.getTime() : now;
  return {
    options: ['', ''],
    endsAt: instantToLocal(new Date(start + pollDefaultHours * 3_600_000).toISOString()),
  };
}

/** The same poll rules as the server: it ends in the future, and after a scheduled post comes out. */
export function pollProblem(
  poll: { options: string[]; endsAt: string },
  now: number,
  publishAt: Date | null = null,
): string | null {
  const options = poll.options.map((option) => option.trim());
  if (options.length < 2 || options.length > 4) return postMessages.pollOptionsCount;
  if (options.some((option) => option === '')) return postMessages.pollOptionEmpty;
  if (new Set(options.map((option) => option.toLowerCase())).size !== options.length)
    return postMessages.pollOptionRepeated;
  const endsAt = localToInstant(poll.endsAt);
  if (!endsAt) return postMessages.pollEndRequired;
  if (endsAt.getTime() <= now) return postMessages.pollEndInPast;
  if (publishAt && endsAt.getTime() <= publishAt.getTime()) return pollEndBeforePublish;
  return null;
}

/** The body of POST /api/posts, once the file (if any) is uploaded as `mediaId`; neither file nor link is a text post. */
export function toCreateInput(
  draft: PostDraft,
  mediaId: string | null,
  moreIds: string[] = [],
): CreatePostInput {
  const visibility = visibilityOf(draft);
  const ids = [...(mediaId ? [mediaId] : []), ...moreIds];
  return {
    description: draft.postDescription.trim(),
    visibility,
    ...(ids.length > 1
      ? { mediaIds: ids }
      : ids[0]
        ? { mediaId: ids[0] }
        : draft.youtubeUrl.trim()
          ? { youtubeUrl: draft.youtubeUrl.trim() }
          : {}),
    ...(visibility === 'pay_per_view' ? { price: draft.chargeAmount.trim() } : {}),
    ...(draft.when !== 'now' ? { publish: draft.when } : {}),
    ...(draft.when === 'scheduled' && localToInstant(draft.publishAt)
      ? { publishAt: localToInstant(draft.publishAt)?.toISOString() }
      : {}),
    ...(localToInstant(draft.expiresAt) ? { expiresAt: localToInstant(draft.expiresAt)?.toISOString() } : {}),
    ...(draft.poll
      ? {
          poll: {
            options: draft.poll.options.map((option) => option.trim()),
            endsAt: localToInstant(draft.poll.endsAt)?.toISOString() ?? '',
          },
        }
      : {}),
  };
}

/** Server field names -> the form's fields, so a refusal shows beside what it is about. */
export function problemsFromServer(fields: Record<string, string> | undefined): DraftProblems {
  if (!fields) return {};
  const problems: DraftProblems = {};
  if (fields.description) problems.description = fields.description;
  const media = fields.mediaId ?? fields.mediaIds ?? fields.youtubeUrl;
  if (media) problems.media = media;
  if (fields.price) problems.charge = fields.price;
  if (fields.publishAt) problems.publishAt = fields.publishAt;
  const poll = fields.poll ?? fields['poll.options'] ?? fields['poll.endsAt'];
  if (poll) problems.poll = poll;
  if (fields.expiresAt) problems.expiresAt = fields.expiresAt;
  return problems;
}

/** Amounts keep digits and one period, as the onboarding price does. */
export const chargeInputFilter = (input: string) => input.replace(/[^\d.]/g, '');
