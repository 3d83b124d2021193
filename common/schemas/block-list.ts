import { z } from 'zod';

/** Where a block list entry came from. */
export const blockListSources = ['moderation', 'takedown', 'admin'] as const;
/** What a perceptual hash was made of. */
export const fingerprintKinds = ['photo', 'video_frame'] as const;

export type BlockListSource = (typeof blockListSources)[number];

export const BLOCK_LIST_NOTE_MAX = 500;

export const blockListMessages = {
  /** What the uploader reads: the upload's answer (422) or its processing status. */
  mediaBlocked: 'This file matches media removed from Fanplace and cannot be uploaded.',
  hashInvalid: 'Enter a PDQ hash: 64 hexadecimal characters',
  noteTooLong: `Keep the note under ${BLOCK_LIST_NOTE_MAX} characters`,
  entryNotFound: 'This block list entry no longer exists',
  added: 'Added to the block list',
  nothingToBlock:
    'The media was removed, but it is too plain a picture to fingerprint, so it could not be blocked',
} as const;

/** A PDQ hash as pasted: 64 hex digits, any case, spaces allowed (the server normalises it). */
export const pastedHashSchema = z
  .string()
  .max(200, blockListMessages.hashInvalid)
  .refine((value) => /^[0-9a-fA-F]{64}$/.test(value.replace(/\s+/g, '')), blockListMessages.hashInvalid);

export const addBlockListEntrySchema = z.object({
  hash: pastedHashSchema,
  note: z.string().trim().max(BLOCK_LIST_NOTE_MAX, blockListMessages.noteTooLong).default(''),
});

export const takedownSchema = z.object({
  note: z.string().trim().max(BLOCK_LIST_NOTE_MAX, blockListMessages.noteTooLong).default(''),
});

export type AddBlockListEntryInput = z.input<typeof addBlockListEntrySchema>;

export const blockListEntrySchema = z.object({
  id: z.string(),
  source: z.enum(blockListSources),
  note: z.string(),
  mediaId: z.string().nullable(),
  /** The account whose upload was removed, when it still exists. */
  ownerEmail: z.string().nullable(),
  createdByEmail: z.string().nullable(),
  hashes: z.array(z.string()),
  /** Uploads refused for matching it. */
  refusals: z.number().int(),
  createdAt: z.string(),
});

export const blockListPageSchema = z.object({
  items: z.array(blockListEntrySchema),
  nextCursor: z.string().nullable(),
});

export const refusedUploadSchema = z.object({
  id: z.string(),
  userEmail: z.string().nullable(),
  mediaId: z.string().nullable(),
  entryId: z.string().nullable(),
  source: z.enum(blockListSources).nullable(),
  note: z.string().nullable(),
  kind: z.enum(fingerprintKinds),
  /** Bits of 256 that differ from the blocked hash. */
  distance: z.number().int(),
  createdAt: z.string(),
});

export const refusedUploadPageSchema = z.object({
  items: z.array(refusedUploadSchema),
  nextCursor: z.string().nullable(),
});

export type BlockListEntry = z.infer<typeof blockListEntrySchema>;
export type RefusedUpload = z.infer<typeof refusedUploadSchema>;
