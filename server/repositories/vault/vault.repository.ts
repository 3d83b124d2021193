import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { MassMessageAudience } from '../../../common/schemas/mass-messages.ts';
import type { Database } from '../../db/client.ts';
import {
  conversationMembers,
  massMessageItems,
  massMessageRecipients,
  massMessages,
  media,
  messageItems,
  messages,
  postItems,
  posts,
  users,
  vaultFolders,
  vaultPlacements,
} from '../../db/schema/index.ts';
import type { MediaRecord } from '../media/media.repository.ts';
import { rowsOf } from '../rows.ts';

export type VaultFolderRecord = typeof vaultFolders.$inferSelect;
/** A post that shows a vault item. */
export interface VaultPostUse {
  kind: 'post';
  postId: string;
  description: string;
  status: (typeof posts.$inferSelect)['status'];
}
/** A message the creator sent with a vault item, to one fan. */
export interface VaultMessageUse {
  kind: 'message';
  messageId: string;
  conversationId: string;
  /** The fan's name. */
  to: string;
  paid: boolean;
}
/** A mass message the creator sent with a vault item. */
export interface VaultMassMessageUse {
  kind: 'massMessage';
  massMessageId: string;
  audience: MassMessageAudience;
  /** The list's name, for a list. */
  audienceName: string | null;
  paid: boolean;
}
export type VaultUse = VaultPostUse | VaultMessageUse | VaultMassMessageUse;
/** Where each item is used: the newest few of each kind, and how many uses in all. */
export interface VaultUses {
  listed: VaultUse[];
  total: number;
}

/** How many messages (and mass messages) are named for one item; the rest are counted. */
const MESSAGES_LISTED = 5;
export interface VaultRow {
  media: MediaRecord;
  folderId: string | null;
}

interface SentRow extends Record<string, unknown> {
  mediaId: string;
  id: string;
  conversationId: string;
  paid: boolean;
  firstName: string;
  lastName: string;
  n: number | string;
  total: number | string;
}
interface MassSentRow extends Record<string, unknown> {
  mediaId: string;
  id: string;
  audience: MassMessageAudience;
  audienceName: string | null;
  paid: boolean;
  n: number | string;
  total: number | string;
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

    /**
     * Where each media item is used: the posts that show it (as their first or a later item), and
     * the newest few messages and mass messages that carry it, with a count of all of them. A
     * message delivered by a mass message counts as its mass message, not on its own.
     */
    async usesOf(mediaIds: string[]): Promise<Map<string, VaultUses>> {
      const found = new Map<string, VaultUses>();
      if (mediaIds.length === 0) return found;
      const select = { postId: posts.id, description: posts.description, status: posts.status };
      const ids = sql.join(
        mediaIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      );
      const [first, later, sent, massSent] = await Promise.all([
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
        db.execute(sql`
          select media_id as "mediaId", id, conversation_id as "conversationId", paid,
            first_name as "firstName", last_name as "lastName", n, total
          from (
            select mi.media_id, m.id, m.conversation_id, m.price_cents is not null as paid,
              u.first_name, u.last_name,
              row_number() over (partition by mi.media_id order by m.id desc) as n,
              count(*) over (partition by mi.media_id) as total
            from ${messageItems} mi
            join ${messages} m on m.id = mi.message_id
            join ${conversationMembers} cm on cm.conversation_id = m.conversation_id and cm.user_id = m.sender_id
            join ${users} u on u.id = cm.other_id
            where mi.media_id in (${ids})
              and not exists (select 1 from ${massMessageRecipients} r where r.message_id = m.id)
          ) ranked
          where n <= ${MESSAGES_LISTED}
          order by id desc
        `),
        db.execute(sql`
          select media_id as "mediaId", id, audience, audience_name as "audienceName", paid, n, total
          from (
            select mmi.media_id, mm.id, mm.audience, mm.audience_name, mm.price_cents is not null as paid,
              row_number() over (partition by mmi.media_id order by mm.id desc) as n,
              count(*) over (partition by mmi.media_id) as total
            from ${massMessageItems} mmi
            join ${massMessages} mm on mm.id = mmi.mass_message_id
            where mmi.media_id in (${ids})
          ) ranked
          where n <= ${MESSAGES_LISTED}
          order by id desc
        `),
      ]);
      const entry = (mediaId: string) => {
        let uses = found.get(mediaId);
        if (!uses) {
          uses = { listed: [], total: 0 };
          found.set(mediaId, uses);
        }
        return uses;
      };
      const postUses = new Map<string, VaultPostUse[]>();
      for (const { mediaId, ...use } of [...first, ...later]) {
        if (!mediaId) continue;
        const uses = postUses.get(mediaId) ?? [];
        if (!uses.some((known) => known.postId === use.postId)) uses.push({ kind: 'post', ...use });
        postUses.set(mediaId, uses);
      }
      for (const [mediaId, uses] of postUses) {
        // Newest post first, wherever the item sits in it.
        uses.sort((x, y) => (x.postId < y.postId ? 1 : -1));
        const into = entry(mediaId);
        into.listed.push(...uses);
        into.total += uses.length;
      }
      // Every row carries its item's count of that kind; the newest (n = 1) adds it once.
      for (const row of rowsOf<MassSentRow>(massSent)) {
        const into = entry(row.mediaId);
        into.listed.push({
          kind: 'massMessage',
          massMessageId: row.id,
          audience: row.audience,
          audienceName: row.audienceName,
          paid: row.paid,
        });
        if (Number(row.n) === 1) into.total += Number(row.total);
      }
      for (const row of rowsOf<SentRow>(sent)) {
        const into = entry(row.mediaId);
        into.listed.push({
          kind: 'message',
          messageId: row.id,
          conversationId: row.conversationId,
          to: `${row.firstName} ${row.lastName}`.trim(),
          paid: row.paid,
        });
        if (Number(row.n) === 1) into.total += Number(row.total);
      }
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

    /** Any creator's folder by id: whose it is, the access funnel decides ('vault:folder'). */
    async findFolder(id: string): Promise<VaultFolderRecord | null> {
      const [row] = await db.select().from(vaultFolders).where(eq(vaultFolders.id, id));
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
