import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { media, postItems, posts, vaultFolders, vaultPlacements } from '../db/schema/index.ts';
import type { MediaRecord } from './media.repository.ts';

export type VaultFolderRecord = typeof vaultFolders.$inferSelect;
export interface VaultUse {
  postId: string;
  description: string;
  status: (typeof posts.$inferSelect)['status'];
}
export interface VaultRow {
  media: MediaRecord;
  folderId: string | null;
}

export function createVaultRepository(db: Database) {
  return {
    /** A creator's post uploads (not failed ones), newest first, filtered; one keyset page. */
    async items(options: {
      ownerId: string;
      kind?: 'image' | 'video';
      from?: Date;
      to?: Date;
      folder?: string | 'none';
      beforeId?: string;
      limit: number;
    }): Promise<VaultRow[]> {
      return db
        .select({ media, folderId: vaultPlacements.folderId })
        .from(media)
        .leftJoin(vaultPlacements, eq(vaultPlacements.mediaId, media.id))
        .where(
          and(
            eq(media.ownerId, options.ownerId),
            eq(media.purpose, 'post'),
            sql`${media.status} <> 'failed'`,
            options.kind ? eq(media.kind, options.kind) : undefined,
            options.from ? sql`${media.createdAt} >= ${options.from.toISOString()}::timestamptz` : undefined,
            options.to ? sql`${media.createdAt} < ${options.to.toISOString()}::timestamptz` : undefined,
            options.folder === 'none'
              ? isNull(vaultPlacements.folderId)
              : options.folder
                ? eq(vaultPlacements.folderId, options.folder)
                : undefined,
            options.beforeId ? sql`${media.id} < ${options.beforeId}` : undefined,
          ),
        )
        .orderBy(desc(media.id))
        .limit(options.limit);
    },

    /** The posts that show each media item, as its first or a later item. */
    async usesOf(mediaIds: string[]): Promise<Map<string, VaultUse[]>> {
      const found = new Map<string, VaultUse[]>();
      if (mediaIds.length === 0) return found;
      const select = { postId: posts.id, description: posts.description, status: posts.status };
      const [first, later] = await Promise.all([
        db
          .select({ mediaId: posts.mediaId, ...select })
          .from(posts)
          .where(inArray(posts.mediaId, mediaIds))
          .orderBy(desc(posts.id)),
        db
          .select({ mediaId: postItems.mediaId, ...select })
          .from(postItems)
          .innerJoin(posts, eq(posts.id, postItems.postId))
          .where(inArray(postItems.mediaId, mediaIds))
          .orderBy(desc(posts.id)),
      ]);
      for (const { mediaId, ...use } of [...first, ...later]) {
        if (!mediaId) continue;
        const uses = found.get(mediaId) ?? [];
        if (!uses.some((known) => known.postId === use.postId)) uses.push(use);
        found.set(mediaId, uses);
      }
      // Newest post first, wherever the item sits in it.
      for (const uses of found.values()) uses.sort((x, y) => (x.postId < y.postId ? 1 : -1));
      return found;
    },

    async folders(ownerId: string): Promise<(VaultFolderRecord & { itemCount: number })[]> {
      const rows = await db
        .select({ folder: vaultFolders, itemCount: count(vaultPlacements.mediaId) })
        .from(vaultFolders)
        .leftJoin(vaultPlacements, eq(vaultPlacements.folderId, vaultFolders.id))
        .where(eq(vaultFolders.ownerId, ownerId))
        .groupBy(vaultFolders.id)
        .orderBy(sql`lower(${vaultFolders.name})`);
      return rows.map((row) => ({ ...row.folder, itemCount: row.itemCount }));
    },

    async findFolder(ownerId: string, id: string): Promise<VaultFolderRecord | null> {
      const [row] = await db
        .select()
        .from(vaultFolders)
        .where(and(eq(vaultFolders.id, id), eq(vaultFolders.ownerId, ownerId)));
      return row ?? null;
    },

    async folderNamed(ownerId: string, name: string): Promise<VaultFolderRecord | null> {
      const [row] = await db
        .select()
        .from(vaultFolders)
        .where(and(eq(vaultFolders.ownerId, ownerId), sql`lower(${vaultFolders.name}) = lower(${name})`));
      return row ?? null;
    },

    async createFolder(ownerId: string, name: string, now: Date): Promise<VaultFolderRecord> {
      const [row] = await db.insert(vaultFolders).values({ ownerId, name, createdAt: now }).returning();
      if (!row) throw new Error('folder insert returned nothing');
      return row;
    },

    async renameFolder(id: string, name: string): Promise<void> {
      await db.update(vaultFolders).set({ name }).where(eq(vaultFolders.id, id));
    },

    /** Its items stay in the vault, out of any folder. */
    async deleteFolder(id: string): Promise<void> {
      await db.delete(vaultFolders).where(eq(vaultFolders.id, id));
    },

    async place(mediaId: string, folderId: string | null): Promise<void> {
      if (folderId === null) {
        await db.delete(vaultPlacements).where(eq(vaultPlacements.mediaId, mediaId));
        return;
      }
      await db
        .insert(vaultPlacements)
        .values({ mediaId, folderId })
        .onConflictDoUpdate({ target: vaultPlacements.mediaId, set: { folderId } });
    },

    async folderOf(mediaId: string): Promise<string | null> {
      const [row] = await db
        .select({ folderId: vaultPlacements.folderId })
        .from(vaultPlacements)
        .where(eq(vaultPlacements.mediaId, mediaId));
      return row?.folderId ?? null;
    },
  };
}

export type VaultRepository = ReturnType<typeof createVaultRepository>;
