import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { creatorProfiles, media, mediaHashes, photoDeliveries, posts, users } from '../../db/schema/index.ts';

export type PhotoDeliveryRecord = typeof photoDeliveries.$inferSelect;

/** Who a traced delivery went to: a name to show, never an email. */
export interface DeliveryViewer {
  id: string;
  firstName: string;
  lastName: string;
  handle: string | null;
  suspended: boolean;
}

/** Photo deliveries (server/db/schema/leaks.ts) and what tracing a copy needs to read. */
export function createDeliveriesRepository(db: Database) {
  return {
    /** The viewer's delivery of the photo: made the first time, the same one after. */
    async deliveryFor(mediaId: string, viewerId: string): Promise<PhotoDeliveryRecord> {
      const [made] = await db
        .insert(photoDeliveries)
        .values({ mediaId, viewerId })
        .onConflictDoNothing()
        .returning();
      if (made) return made;
      const [found] = await db
        .select()
        .from(photoDeliveries)
        .where(and(eq(photoDeliveries.mediaId, mediaId), eq(photoDeliveries.viewerId, viewerId)));
      if (!found) throw new Error('photo delivery vanished');
      return found;
    },

    async find(id: string): Promise<PhotoDeliveryRecord | null> {
      const [row] = await db.select().from(photoDeliveries).where(eq(photoDeliveries.id, id));
      return row ?? null;
    },

    /** The post that shows the photo first, if any (a takedown notice links to it). */
    async postOf(mediaId: string): Promise<string | null> {
      const [row] = await db.select({ id: posts.id }).from(posts).where(eq(posts.mediaId, mediaId)).limit(1);
      return row?.id ?? null;
    },

    async ofMedia(mediaId: string): Promise<PhotoDeliveryRecord[]> {
      return db.select().from(photoDeliveries).where(eq(photoDeliveries.mediaId, mediaId));
    },

    /** The perceptual hashes of photos (of one owner, or all for an admin), to find the original. */
    async photoHashes(ownerId: string | null) {
      return db
        .select({ mediaId: mediaHashes.mediaId, hash: mediaHashes.hash, ownerId: media.ownerId })
        .from(mediaHashes)
        .innerJoin(media, eq(media.id, mediaHashes.mediaId))
        .where(
          ownerId === null
            ? and(eq(media.kind, 'image'), eq(media.purpose, 'post'))
            : and(eq(media.kind, 'image'), eq(media.purpose, 'post'), eq(media.ownerId, ownerId)),
        );
    },

    async viewers(ids: string[]): Promise<DeliveryViewer[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          handle: creatorProfiles.handle,
          suspendedAt: users.suspendedAt,
        })
        .from(users)
        .leftJoin(creatorProfiles, eq(creatorProfiles.userId, users.id))
        .where(inArray(users.id, ids));
      return rows.map(({ suspendedAt, ...row }) => ({ ...row, suspended: suspendedAt !== null }));
    },
  };
}

export type DeliveriesRepository = ReturnType<typeof createDeliveriesRepository>;
