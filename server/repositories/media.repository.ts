import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { creatorProfiles, media } from '../db/schema/index.ts';

export type MediaRecord = typeof media.$inferSelect;
export type NewMedia = typeof media.$inferInsert;
export type MediaChanges = Partial<Omit<MediaRecord, 'id' | 'ownerId' | 'createdAt'>>;

export function createMediaRepository(db: Database) {
  return {
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
