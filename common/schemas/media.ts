import { z } from 'zod';
import { limits } from '../limits.ts';

export const mediaKinds = ['image', 'video', 'identity_document'] as const;
export const mediaPurposes = ['profile', 'property', 'post', 'banner', 'identity'] as const;
export const mediaStatuses = ['processing', 'ready', 'failed'] as const;
export const mediaVisibilities = ['public', 'private'] as const;

export type MediaKind = (typeof mediaKinds)[number];
export type MediaPurpose = (typeof mediaPurposes)[number];
export type MediaStatus = (typeof mediaStatuses)[number];
export type MediaVisibility = (typeof mediaVisibilities)[number];

const GB = 1024 * 1024 * 1024;
const MB = 1024 * 1024;
/** 2 MB -> '2MB', 2 GiB -> '2GB': the spec's spelling. */
const sizeLabel = (bytes: number) =>
  bytes >= GB && bytes % GB === 0 ? `${bytes / GB}GB` : `${Math.round((bytes / MB) * 10) / 10}MB`;

/** The wording users see; the spec's own for profile and property images (sections 5 and 8). */
export const mediaMessages = {
  selectImage: 'Please select an image file',
  selectIdentityDocument: 'Please select a PDF, JPEG or PNG file',
  unsupportedType: 'Unsupported file type',
  tooLarge: (maxBytes: number) => `File size must be less than ${sizeLabel(maxBytes)}`,
  profileTooLarge: `File size must be less than ${sizeLabel(limits.profileImageMaxBytes)}`,
  propertyTooLarge: `File size must be less than ${sizeLabel(limits.propertyImageMaxBytes)}`,
  imageTooManyPixels: 'Image dimensions are too large',
  unreadableImage: 'The image could not be read',
  unreadableVideo: 'The video could not be read',
  unreadableDocument: 'The document could not be read',
  documentActiveContent:
    'This PDF contains scripts or attached files. Please upload a plain PDF, JPEG or PNG',
  deleted: 'Image deleted successfully',
  deleteFailed: 'Failed to delete image',
  processing: 'Processing...',
  notFound: 'Media not found',
  linkInvalid: 'This link is invalid or has expired',
  uploadFailed: 'The upload could not be completed',
  uploadMalformed: 'The upload was cut off or malformed. Please try again',
  tooManyUploads: 'Too many uploads. Please try again later',
} as const;

/** One responsive image rendition (WebP widths, plus a JPEG fallback). */
export const mediaSourceSchema = z.object({
  width: z.number().int(),
  height: z.number().int(),
  type: z.string(),
  url: z.string(),
});

/**
 * What a viewer may load. A viewer who is not entitled gets only `preview` (small and heavily
 * blurred) and the thumbhash: never a full variant, the poster frame or the video.
 */
export const mediaUrlsSchema = z.object({
  /** Blurred ~64px WebP (images) or blurred poster (videos); safe for anyone. */
  preview: z.string().nullable(),
  /** Full renditions, largest last. */
  sources: z.array(mediaSourceSchema),
  /** Video poster frame. */
  poster: z.string().nullable(),
  /** Faststart H.264/AAC MP4 (videos processed before HLS; null for newer ones). */
  video: z.string().nullable(),
  /**
   * HLS master playlist (fMP4 segments, a ladder of sizes up to the source's). Its playlists and
   * segments are signed links of their own, made when each playlist is fetched.
   */
  hls: z.string().nullable(),
  /** Identity document (admins only, fetched with the bearer token). */
  document: z.string().nullable(),
});

export const mediaSchema = z.object({
  id: z.string(),
  kind: z.enum(mediaKinds),
  purpose: z.enum(mediaPurposes),
  status: z.enum(mediaStatuses),
  failureReason: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Seconds (videos). */
  duration: z.number().nullable(),
  /** Base64 thumbhash placeholder (images and video posters). */
  thumbhash: z.string().nullable(),
  /** True when this viewer only gets the blurred preview. */
  locked: z.boolean(),
  /** The one URL to show: a full rendition when entitled, the blurred preview otherwise. */
  url: z.string().nullable(),
  urls: mediaUrlsSchema,
  /** When the signed URLs in `urls` stop working (null when every URL is public). */
  urlsExpireAt: z.string().nullable(),
});

export type MediaView = z.infer<typeof mediaSchema>;
export type MediaUrls = z.infer<typeof mediaUrlsSchema>;

/** DELETE /api/media/delete */
export const deleteMediaSchema = z.object({
  url: z.string({ error: 'url is required' }).trim().min(1, 'url is required').max(limits.imageUrlMaxLength),
});

export const deleteMediaResponseSchema = z.object({ message: z.string() });
