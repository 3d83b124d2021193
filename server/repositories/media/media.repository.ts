import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  creatorProfiles,
  media,
  messageItems,
  messages,
  postItems,
  posts,
  users,
} from '../../db/schema/index.ts';
import { rowsOf } from '../rows.ts';

/** What the visible mark on an owner's media needs to know (server/services/media/marks.ts). */
export interface OwnerMarkSettings {
  handle: string;
  watermark: 'off' | 'page';
  watermarkViewerHandle: boolean;
}

export type MediaRecord = typeof media.$inferSelect;
export type NewMedia = typeof media.$inferInsert;
export type MediaChanges = Partial<Omit<MediaRecord, 'id' | 'ownerId' | 'createdAt'>>;

export function createMediaRepository(db: Database) {
  return {
    /** The owner's mark choice and page handle; null when the owner has no creator page. */
    async ownerMarkSettings(ownerId: string): Promise<OwnerMarkSettings | null> {
      const [row] = await db
        .select({
          handle: creatorProfiles.handle,
          watermark: creatorProfiles.watermark,
          watermarkViewerHandle: creatorProfiles.watermarkViewerHandle,
        })
        .from(creatorProfiles)
        .where(eq(creatorProfiles.userId, ownerId));
      return row ?? null;
    },

    /**
     * Whether the media is paid content: in a subscribers-only or pay-per-view post (first item or
     * a later one), or in a pay-per-view message.
     */
    async isPaidContent(mediaId: string): Promise<boolean> {
      const result = await db.execute(sql`select (
        exists (select 1 from ${posts} p where p.media_id = ${mediaId} and p.visibility <> 'public')
        or exists (select 1 from ${postItems} pi join ${posts} p on p.id = pi.post_id
          where pi.media_id = ${mediaId} and p.visibility <> 'public')
        or exists (select 1 from ${messageItems} mi join ${messages} m on m.id = mi.message_id
          where mi.media_id = ${mediaId} and m.price_cents is not null)
      ) as paid`);
      const [row] = rowsOf<{ paid: boolean }>(result);
      return row?.paid === true;
    },

    /** What names a viewer in a mark: their creator handle and their name. */
    async markPersonOf(
      userId: string,
    ): Promise<{ handle: string | null; firstName: string; lastName: string } | null> {
      const [row] = await db
        .select({ handle: creatorProfiles.handle, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .leftJoin(creatorProfiles, eq(creatorProfiles.userId, users.id))
        .where(eq(users.id, userId));
      return row ?? null;
    },

    /** The countries where the owner's creator page (and so their media) is not shown. */
    async ownerBlockedCountries(ownerId: string): Promise<string[]> {
      const [row] = await db
        .select({ countries: creatorProfiles.blockedCountries })
        .from(creatorProfiles)
        .where(eq(creatorProfiles.userId, ownerId));
      return row?.countries ?? [];
    },

    async create(row: NewMedia): Promise<MediaRecord> {
      const [created] = await db.insert(media).values(row).returning();
      if (!created) throw new Error('media insert returned nothing');
      return created;
    },

    async findById(id: string): Promise<MediaRecord | null> {
      const [row] = await db.select().from(media).where(eq(media.id, id));
      return row ?? null;
    },

    /**
     * Ready videos made in variants A and B (recording marks), of one owner or everyone's, at
     * least `minSeconds` long, newest first: what a leaked recording may be of.
     */
    async recordingMarked(ownerId: string | null, minSeconds: number, limit: number): Promise<MediaRecord[]> {
      return db
        .select()
        .from(media)
        .where(
          and(
            eq(media.kind, 'video'),
            eq(media.status, 'ready'),
            eq(media.traceRecordings, true),
            gte(media.durationSeconds, minSeconds),
            ownerId === null ? undefined : eq(media.ownerId, ownerId),
          ),
        )
        .orderBy(desc(media.createdAt))
        .limit(limit);
    },

    /** Only while it is still processing: a row deleted or finished meanwhile is left alone (null). */
    async finishProcessing(id: string, changes: MediaChanges): Promise<MediaRecord | null> {
      const [row] = await db
        .update(media)
        .set(changes)
        .where(and(eq(media.id, id), eq(media.status, 'processing')))
        .returning();
      return row ?? null;
    },

    async delete(id: string): Promise<MediaRecord | null> {
      const [row] = await db.delete(media).where(eq(media.id, id)).returning();
      return row ?? null;
    },
  };
}

export type MediaRepository = ReturnType<typeof createMediaRepository>;
