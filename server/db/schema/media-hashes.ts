import { bit, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { blockListSources, fingerprintKinds } from '../../../common/schemas/block-list.ts';
import { at, createdAt, primaryId } from './columns.ts';
import { media } from './media.ts';
import { userRef } from './users.ts';

/**
 * The perceptual hashes of an uploaded photo (the whole picture and its centred crops) or of a
 * sample of a video's frames (`server/services/media/fingerprints.ts`): 64 hex digits, PDQ's layout.
 * They go with the media; a removal copies them to the block list first.
 */
export const mediaHashes = pgTable(
  'media_hashes',
  {
    id: primaryId(),
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: fingerprintKinds }).notNull(),
    hash: text('hash').notNull(),
    quality: integer('quality').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('media_hashes_media_id_idx').on(table.mediaId)],
);

/**
 * One blocked item: media removed by moderation or a takedown (its hashes copied before it went),
 * or hashes of known abusive material an admin added. Not tied to the media row, which is gone.
 */
export const blockListEntries = pgTable(
  'block_list_entries',
  {
    id: primaryId(),
    source: text('source', { enum: blockListSources }).notNull(),
    note: text('note').notNull().default(''),
    /** The removed media's id, kept as a plain value (the row is deleted). */
    mediaId: uuid('media_id'),
    /** Whose upload was removed. */
    ownerId: userRef('owner_id', 'set null'),
    /** The admin who removed it or added it. */
    createdBy: userRef('created_by', 'set null'),
    createdAt: createdAt(),
  },
  (table) => [index('block_list_entries_created_at_idx').on(table.createdAt, table.id)],
);

export const blockListHashes = pgTable(
  'block_list_hashes',
  {
    id: primaryId(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => blockListEntries.id, { onDelete: 'cascade' }),
    hash: text('hash').notNull(),
    /** The same 256 bits as a bit string, so the search XORs and counts without casting each row. */
    bits: bit('bits', { dimensions: 256 }).notNull(),
  },
  (table) => [index('block_list_hashes_entry_id_idx').on(table.entryId)],
);

/** An upload refused for matching the block list, for the admins to see who tried. */
export const refusedUploads = pgTable(
  'refused_uploads',
  {
    id: primaryId(),
    userId: userRef('user_id', 'set null'),
    /** The refused upload's id: a video's media row stays `failed` with the reason; a photo never becomes one. */
    mediaId: uuid('media_id'),
    entryId: uuid('entry_id').references(() => blockListEntries.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: fingerprintKinds }).notNull(),
    distance: integer('distance').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (table) => [index('refused_uploads_created_at_idx').on(table.createdAt, table.id)],
);
