/**
 * A post's plain reads and writes: creating, finding, updating and deleting it, its later items,
 * its pin, and whether a photo or video is still shown anywhere.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { plainArgs } from '../../db/prepared.ts';
import { massMessageItems, media, messageItems, postItems, posts } from '../../db/schema/index.ts';
import type { MediaRecord } from '../media/media.repository.ts';
import { feedRowFromJson, postRows } from './rows.ts';
import type { NewPost, PageViewer, PostChanges, PostRecord, PostRow } from './types.ts';

/** The plain reads and writes of the posts repository, with pins. */
export function createPostWrites(db: Database) {
  const { rows, feedRows } = postRows(db);

  return {
    async create(row: NewPost): Promise<PostRecord> {
      const [created] = await db.insert(posts).values(row).returning();
      if (!created) throw new Error('post insert returned nothing');
      return created;
    },

    async find(id: string): Promise<PostRow | null> {
      const [row] = await rows().where(eq(posts.id, id));
      return row ?? null;
    },

    /** The creator's pinned post, when it is published. */
    async pinnedOf(creatorId: string, viewer?: PageViewer): Promise<PostRow | null> {
      const [row] = await feedRows(plainArgs.value, viewer).where(
        and(
          eq(posts.creatorId, creatorId),
          sql`${posts.pinnedAt} is not null`,
          eq(posts.status, 'published'),
        ),
      );
      return row ? feedRowFromJson(row.json) : null;
    },

    /** Pins one post of the creator's (unpinning any other) or, with null, unpins. */
    async setPinned(creatorId: string, postId: string | null, now: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(posts)
          .set({ pinnedAt: null })
          .where(and(eq(posts.creatorId, creatorId), sql`${posts.pinnedAt} is not null`));
        if (postId)
          await tx
            .update(posts)
            .set({ pinnedAt: now })
            .where(and(eq(posts.id, postId), eq(posts.creatorId, creatorId)));
      });
    },

    /** Whether any post other than `exceptPostId` shows this media (as its first or a later item). */
    async isMediaUsed(mediaId: string, exceptPostId?: string): Promise<boolean> {
      const [first] = await db
        .select({ id: posts.id })
        .from(posts)
        .where(
          and(eq(posts.mediaId, mediaId), exceptPostId ? sql`${posts.id} <> ${exceptPostId}` : undefined),
        )
        .limit(1);
      if (first) return true;
      const [later] = await db
        .select({ id: postItems.postId })
        .from(postItems)
        .where(
          and(
            eq(postItems.mediaId, mediaId),
            exceptPostId ? sql`${postItems.postId} <> ${exceptPostId}` : undefined,
          ),
        )
        .limit(1);
      if (later) return true;
      // A photo or video sent in a message stays with the fans who got it (and maybe paid for it).
      const [sent] = await db
        .select({ id: messageItems.messageId })
        .from(messageItems)
        .where(eq(messageItems.mediaId, mediaId))
        .limit(1);
      if (sent) return true;
      const [massSent] = await db
        .select({ id: massMessageItems.massMessageId })
        .from(massMessageItems)
        .where(eq(massMessageItems.mediaId, mediaId))
        .limit(1);
      return massSent !== undefined;
    },

    /** The second and later items of a post, in order. */
    async addItems(postId: string, mediaIds: string[]): Promise<void> {
      if (mediaIds.length === 0) return;
      await db
        .insert(postItems)
        .values(mediaIds.map((mediaId, index) => ({ postId, mediaId, position: index + 1 })));
    },

    /** The second and later items of each post, in order, read once for a page. */
    async extraItemsOf(postIds: string[]): Promise<Map<string, MediaRecord[]>> {
      const found = new Map<string, MediaRecord[]>();
      if (postIds.length === 0) return found;
      const rows = await db
        .select({ postId: postItems.postId, media })
        .from(postItems)
        .innerJoin(media, eq(media.id, postItems.mediaId))
        .where(inArray(postItems.postId, postIds))
        .orderBy(postItems.postId, postItems.position);
      for (const row of rows) found.set(row.postId, [...(found.get(row.postId) ?? []), row.media]);
      return found;
    },

    async update(id: string, changes: PostChanges, now: Date): Promise<void> {
      await db
        .update(posts)
        .set({ ...changes, updatedAt: now })
        .where(eq(posts.id, id));
    },

    async delete(id: string): Promise<void> {
      await db.delete(posts).where(eq(posts.id, id));
    },
  };
}
