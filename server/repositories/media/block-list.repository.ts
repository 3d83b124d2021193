import { count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import {
  blockListEntries,
  blockListHashes,
  mediaHashes,
  postItems,
  posts,
  refusedUploads,
  users,
} from '../../db/schema/index.ts';

export type BlockListEntryRecord = typeof blockListEntries.$inferSelect;
export type NewBlockListEntry = typeof blockListEntries.$inferInsert;
export type MediaHashRecord = typeof mediaHashes.$inferSelect;
export type NewMediaHash = Omit<typeof mediaHashes.$inferInsert, 'id'>;
export type NewRefusedUpload = Omit<typeof refusedUploads.$inferInsert, 'id'>;

/** The nearest blocked hash to one of an upload's, within the match distance. */
export interface BlockListMatch {
  entryId: string;
  /** The upload's hash that matched. */
  hash: string;
  distance: number;
}

const owner = alias(users, 'owner');
const creator = alias(users, 'creator');

/**
 * The search runs in SQL: each blocked hash is also stored as bit(256), the upload's few hashes
 * are cast once, and `bit_count(a # b)` (PostgreSQL 14+, and PGlite) counts the differing bits.
 * Measured: 20,000 blocked hashes x 5 candidates in ~55 ms on PGlite and ~70 ms on PostgreSQL
 * with the bit column; on PGlite ~150 ms casting the hex of every row, and ~140 ms loading the
 * list into JavaScript and comparing there (`block-list.repository.test.ts` prints its figure).
 * A list of 100,000 costs about a quarter of a second per upload, beside seconds of decoding, and every process (web, worker)
 * sees an addition at once with no cache to invalidate. Past a few million hashes, PDQ's
 * multi-index hashing would be the next step.
 */
const asBits = (hex: string) =>
  Array.from(hex, (digit) => Number.parseInt(digit, 16).toString(2).padStart(4, '0')).join('');

export function createBlockListRepository(db: Database) {
  return {
    /** A media's hashes, replacing any it had (a job that runs again stores them once). */
    async saveMediaHashes(mediaId: string, rows: NewMediaHash[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(mediaHashes).where(eq(mediaHashes.mediaId, mediaId));
        if (rows.length > 0) await tx.insert(mediaHashes).values(rows);
      });
    },

    async mediaHashes(mediaIds: string[]): Promise<MediaHashRecord[]> {
      if (mediaIds.length === 0) return [];
      return db.select().from(mediaHashes).where(inArray(mediaHashes.mediaId, mediaIds));
    },

    /** Every media a post shows: its own and its further items, in order. */
    async postMediaIds(postId: string): Promise<string[]> {
      const [main] = await db.select({ id: posts.mediaId }).from(posts).where(eq(posts.id, postId));
      const items = await db
        .select({ id: postItems.mediaId })
        .from(postItems)
        .where(eq(postItems.postId, postId))
        .orderBy(postItems.position);
      return [...new Set([main?.id, ...items.map((item) => item.id)].filter((id) => id != null))];
    },

    /** The closest blocked hash to any of `hashes`, at most `maxDistance` bits away. */
    async nearest(hashes: string[], maxDistance: number): Promise<BlockListMatch | null> {
      if (hashes.length === 0) return null;
      const candidates = sql`(select hash, ('x' || hash)::bit(256) as bits from (values ${sql.join(
        hashes.map((hash) => sql`(${hash}::text)`),
        sql`, `,
      )}) as given(hash)) as candidate`;
      const d = sql<number>`bit_count(${blockListHashes.bits} # candidate.bits)::int`;
      const [row] = await db
        .select({ entryId: blockListHashes.entryId, hash: sql<string>`candidate.hash`, distance: d })
        .from(blockListHashes)
        .crossJoin(candidates)
        .where(sql`${d} <= ${maxDistance}`)
        .orderBy(d)
        .limit(1);
      return row ?? null;
    },

    /** A new entry with its hashes, in one transaction. */
    async addEntry(entry: NewBlockListEntry, hashes: string[]): Promise<BlockListEntryRecord> {
      return db.transaction(async (tx) => {
        const [created] = await tx.insert(blockListEntries).values(entry).returning();
        if (!created) throw new Error('block list insert returned nothing');
        const unique = [...new Set(hashes)];
        if (unique.length > 0)
          await tx
            .insert(blockListHashes)
            .values(unique.map((hash) => ({ entryId: created.id, hash, bits: asBits(hash) })));
        return created;
      });
    },

    async removeEntry(id: string): Promise<boolean> {
      const removed = await db.delete(blockListEntries).where(eq(blockListEntries.id, id)).returning();
      return removed.length > 0;
    },

    /** Newest first, with the emails of the owner and the admin, the hashes and the refusals. */
    async listEntries(options: { limit: number; beforeId?: string; atId?: string }) {
      const rows = await db
        .select({
          entry: blockListEntries,
          ownerEmail: owner.email,
          createdByEmail: creator.email,
        })
        .from(blockListEntries)
        .leftJoin(owner, eq(owner.id, blockListEntries.ownerId))
        .leftJoin(creator, eq(creator.id, blockListEntries.createdBy))
        .where(
          options.atId
            ? eq(blockListEntries.id, options.atId)
            : options.beforeId
              ? lt(blockListEntries.id, options.beforeId)
              : undefined,
        )
        .orderBy(desc(blockListEntries.id))
        .limit(options.limit);
      const ids = rows.map((row) => row.entry.id);
      const [hashes, refusals] =
        ids.length === 0
          ? [[], []]
          : await Promise.all([
              db
                .select({ entryId: blockListHashes.entryId, hash: blockListHashes.hash })
                .from(blockListHashes)
                .where(inArray(blockListHashes.entryId, ids))
                .orderBy(blockListHashes.id),
              db
                .select({ entryId: refusedUploads.entryId, count: count() })
                .from(refusedUploads)
                .where(inArray(refusedUploads.entryId, ids))
                .groupBy(refusedUploads.entryId),
            ]);
      return rows.map((row) => ({
        ...row,
        hashes: hashes.filter((hash) => hash.entryId === row.entry.id).map((hash) => hash.hash),
        refusals: refusals.find((refusal) => refusal.entryId === row.entry.id)?.count ?? 0,
      }));
    },

    async recordRefusal(row: NewRefusedUpload): Promise<void> {
      await db.insert(refusedUploads).values(row);
    },

    /** Newest first, with the uploader's email and the entry matched. */
    async listRefusals(options: { limit: number; beforeId?: string }) {
      return db
        .select({
          refusal: refusedUploads,
          userEmail: users.email,
          source: blockListEntries.source,
          note: blockListEntries.note,
        })
        .from(refusedUploads)
        .leftJoin(users, eq(users.id, refusedUploads.userId))
        .leftJoin(blockListEntries, eq(blockListEntries.id, refusedUploads.entryId))
        .where(options.beforeId ? lt(refusedUploads.id, options.beforeId) : undefined)
        .orderBy(desc(refusedUploads.id))
        .limit(options.limit);
    },
  };
}

export type BlockListRepository = ReturnType<typeof createBlockListRepository>;
export type BlockListEntryRow = Awaited<ReturnType<BlockListRepository['listEntries']>>[number];
export type RefusedUploadRow = Awaited<ReturnType<BlockListRepository['listRefusals']>>[number];
