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

// Plain text without zod, so a page that only shows media need not load zod (docs/decisions/0032).
export { mediaMessages } from './media-messages.ts';

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
  /** The thumbhash as a tiny PNG data URL, to paint behind the media until it loads. */
  placeholder: z.string().nullable(),
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
