import { bigint, boolean, index, integer, jsonb, pgTable, real, text } from 'drizzle-orm/pg-core';
import {
  mediaKinds,
  mediaPurposes,
  mediaStatuses,
  mediaVisibilities,
} from '../../../common/schemas/media.ts';
import { createdAt, primaryId, updatedAt } from './columns.ts';
import { userRef } from './users.ts';

/** One stored rendition: its storage key (a uuid path, never a client file name) and what it holds. */
export interface MediaVariant {
  key: string;
  mime: string;
  size: number;
  width?: number;
  height?: number;
}

/**
 * An uploaded image, video or identity document. `originalKey` is set only while the upload waits
 * for processing; once processed, only the re-encoded variants (no metadata) are kept.
 */
export const media = pgTable(
  'media',
  {
    id: primaryId(),
    ownerId: userRef('owner_id', 'cascade').notNull(),
    kind: text('kind', { enum: mediaKinds }).notNull(),
    purpose: text('purpose', { enum: mediaPurposes }).notNull(),
    visibility: text('visibility', { enum: mediaVisibilities }).notNull(),
    status: text('status', { enum: mediaStatuses }).notNull().default('processing'),
    failureReason: text('failure_reason'),
    mime: text('mime').notNull(),
    byteSize: bigint('byte_size', { mode: 'number' }).notNull(),
    width: integer('width'),
    height: integer('height'),
    durationSeconds: real('duration_seconds'),
    thumbhash: text('thumbhash'),
    originalKey: text('original_key'),
    variants: jsonb('variants').$type<Record<string, MediaVariant>>().notNull().default({}),
    /**
     * A video made in two variants whose segments differ by a faint mark (`hlsb-<rung>` beside
     * `hls-<rung>`), so each viewer's playlist names them (server/services/media/recording-marks.ts).
     */
    traceRecordings: boolean('trace_recordings').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('media_owner_id_id_idx').on(table.ownerId, table.id)],
);
