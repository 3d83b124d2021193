import { limits } from '#common/limits.ts';
import { mediaMessages } from '#common/schemas/media.ts';
import {
  type CreatePostInput,
  chargeProblem,
  lockedPriceOptions,
  type PostVisibility,
  postActions,
  postMessages,
  youtubeVideoId,
} from '#common/schemas/posts.ts';

export type PostAction = (typeof postActions)[number];
export type LockedPrice = (typeof lockedPriceOptions)[number];
export type MediaType = 'image' | 'video';

/** A chosen file, with a local object URL for the preview. */
export interface ChosenFile {
  type: MediaType;
  file: File;
  url: string;
}

/** The spec's post draft (section 3): what the form holds before anything is sent. */
export interface PostDraft {
  postDescription: string;
  selectedAction: PostAction;
  selectedPrice: LockedPrice;
  chargeAmount: string;
  /** One image or one video; choosing one replaces the other. */
  media: ChosenFile | null;
  /** A YouTube link instead of a file. */
  youtubeUrl: string;
}

export const emptyDraft: PostDraft = {
  postDescription: '',
  selectedAction: postActions[0],
  selectedPrice: lockedPriceOptions[0],
  chargeAmount: '',
  media: null,
  youtubeUrl: '',
};

export type DraftField = 'description' | 'media' | 'charge';
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
  if (!draft.media && link === '') problems.media = postMessages.mediaRequired;
  else if (!draft.media && !youtubeVideoId(link)) problems.media = postMessages.youtubeInvalid;

  if (visibilityOf(draft) === 'pay_per_view') {
    const problem = chargeProblem(draft.chargeAmount);
    if (problem) problems.charge = problem;
  }
  return problems;
}

/** The body of POST /api/posts, once the file (if any) is uploaded as `mediaId`. */
export function toCreateInput(draft: PostDraft, mediaId: string | null): CreatePostInput {
  const visibility = visibilityOf(draft);
  return {
    description: draft.postDescription.trim(),
    visibility,
    ...(mediaId ? { mediaId } : { youtubeUrl: draft.youtubeUrl.trim() }),
    ...(visibility === 'pay_per_view' ? { price: draft.chargeAmount.trim() } : {}),
  };
}

/** Server field names -> the form's fields, so a refusal shows beside what it is about. */
export function problemsFromServer(fields: Record<string, string> | undefined): DraftProblems {
  if (!fields) return {};
  const problems: DraftProblems = {};
  if (fields.description) problems.description = fields.description;
  const media = fields.mediaId ?? fields.youtubeUrl;
  if (media) problems.media = media;
  if (fields.price) problems.charge = fields.price;
  return problems;
}

/** Amounts keep digits and one period, as the onboarding price does. */
export const chargeInputFilter = (input: string) => input.replace(/[^\d.]/g, '');
