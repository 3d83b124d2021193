import { z } from 'zod';

/**
 * Tracing a leak: a creator (or an admin) uploads a copy of a photo found elsewhere; the app finds
 * which of their photos it is and which account that copy was delivered to, from the invisible
 * mark every delivered photo carries (server/lib/photo-mark.ts).
 */

export const leakMessages = {
  onlyCreators: 'Only creators and admins can trace a leak.',
  fileRequired: 'Choose the copy you found: a photo (JPEG, PNG or WebP) or a video (MP4, MOV or WebM).',
  notAnImage:
    'That file is not a photo or a video we can read. Use a JPEG, PNG or WebP photo, or an MP4, MOV or WebM video.',
  tooLarge: 'That file is too large: at most 20 MB for a photo, 200 MB for a video.',
} as const;

/** A photo found elsewhere: at most this large. */
export const LEAK_COPY_MAX_BYTES = 20 * 1024 * 1024;
/** A recording found elsewhere (a minute or more of video): at most this large. */
export const LEAK_RECORDING_MAX_BYTES = 200 * 1024 * 1024;

/**
 * - `found`: the copy is one of the photos, and its mark names the account it was delivered to.
 * - `no_mark`: the photo is recognised, but no delivery can be named (shown before marks existed,
 *   seen by its owner, or too damaged).
 * - `not_found`: it does not look like any of the photos searched.
 */
export const traceOutcomes = ['found', 'no_mark', 'not_found'] as const;

export const traceResultSchema = z.object({
  outcome: z.enum(traceOutcomes),
  message: z.string(),
  /** The photo the copy is of (found, no_mark). */
  media: z.object({ id: z.string(), thumbnailUrl: z.string().nullable() }).nullable(),
  /** Who it was delivered to, and when (found). */
  delivery: z
    .object({
      /** The delivery's id: a takedown opened from this trace names it. */
      id: z.string(),
      deliveredAt: z.string(),
      viewer: z.object({
        id: z.string(),
        name: z.string(),
        handle: z.string().nullable(),
        suspended: z.boolean(),
      }),
      /** How far above chance the mark is (8 or more to be named). */
      confidence: z.number(),
    })
    .nullable(),
});
export type TraceResult = z.infer<typeof traceResultSchema>;

export const takedownStatuses = ['open', 'sent', 'removed', 'refused'] as const;
export type TakedownStatus = (typeof takedownStatuses)[number];

export const takedownMessages = {
  urlInvalid: 'Enter the full address where you found the copy, starting with https://',
  notYourPhoto: 'That photo is not one of yours.',
  notFound: 'Takedown not found',
  deliveryMismatch: 'That delivery is not of this photo.',
  nobodyToSuspend: 'No account was traced for this takedown.',
  alreadySuspended: 'That account is already suspended.',
} as const;

/** POST /api/takedowns: from a trace's answer, with where the copy was found. */
export const openTakedownSchema = z.object({
  mediaId: z.uuid(),
  foundUrl: z
    .string()
    .trim()
    .max(2000, takedownMessages.urlInvalid)
    .refine((value) => /^https?:\/\/[^\s]+\.[^\s]+/.test(value), takedownMessages.urlInvalid),
  /** The traced delivery (from a trace that named an account), if any. */
  deliveryId: z.uuid().optional(),
});
export type OpenTakedownInput = z.input<typeof openTakedownSchema>;

export const takedownStatusSchema = z.object({ status: z.enum(takedownStatuses) });

export const takedownSchema = z.object({
  id: z.string(),
  status: z.enum(takedownStatuses),
  foundUrl: z.string(),
  mediaId: z.string().nullable(),
  /** The account the trace named (its name, never its email). */
  tracedAccount: z.object({ id: z.string(), name: z.string(), suspended: z.boolean() }).nullable(),
  /** The notice to send to the host, ready to copy. */
  notice: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Takedown = z.infer<typeof takedownSchema>;

export const takedownListSchema = z.object({ items: z.array(takedownSchema) });
export type TakedownList = z.infer<typeof takedownListSchema>;
