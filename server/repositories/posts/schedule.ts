/**
 * The creator's queue of drafts and scheduled posts, and the scheduler's writes: publishing posts
 * whose time has come (with the id of that moment, reKey) and hiding those whose end date passed.
 */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { limits } from '../../../common/limits.ts';
import type { Database } from '../../db/client.ts';
import { creatorProfiles, posts } from '../../db/schema/index.ts';
import { RANK_SECONDS_PER_LIKE_DECADE } from '../../lib/rank.ts';
import { postRows } from './rows.ts';
import type { PostRow, PublishedPost } from './types.ts';

/** The queue and scheduler methods of the posts repository. */
export function createPostSchedule(db: Database) {
  const { rows } = postRows(db);

  return {
    /** The creator's scheduled posts, soonest first, or drafts, newest first. */
    async queue(creatorId: string, status: 'scheduled' | 'draft'): Promise<PostRow[]> {
      return rows()
        .where(and(eq(posts.creatorId, creatorId), eq(posts.status, status)))
        .orderBy(status === 'scheduled' ? posts.publishAt : desc(posts.id), desc(posts.id))
        .limit(limits.scheduledPostsMax);
    },

    async countScheduled(creatorId: string): Promise<number> {
      const [row] = await db
        .select({ value: count() })
        .from(posts)
        .where(and(eq(posts.creatorId, creatorId), eq(posts.status, 'scheduled')));
      return row?.value ?? 0;
    },

    /**
     * A draft or scheduled post gets the id of the moment it goes out (ids are uuidv7, and Home and
     * the profile are ordered by id), so it appears where a post made at that moment would. Nobody
     * but its creator has seen it, so nothing else refers to it yet.
     */
    async reKey(id: string, newId: string): Promise<void> {
      await db
        .update(posts)
        .set({ id: newId })
        .where(and(eq(posts.id, id), inArray(posts.status, ['draft', 'scheduled'])));
    },

    /**
     * Publishes every scheduled post whose time has come, each exactly once: the status changes
     * in the same statement that picks the post, so two runs at once never both publish it.
     */
    async publishDue(now: Date): Promise<PublishedPost[]> {
      const published = await db
        .update(posts)
        .set({
          status: 'published',
          createdAt: sql`${posts.publishAt}`,
          updatedAt: now,
          rankScore: sql`extract(epoch from ${posts.publishAt}) / ${RANK_SECONDS_PER_LIKE_DECADE} + log(1 + ${posts.likeCount})`,
        })
        .where(
          and(eq(posts.status, 'scheduled'), sql`${posts.publishAt} <= ${now.toISOString()}::timestamptz`),
        )
        .returning({ id: posts.id, creatorId: posts.creatorId });
      if (published.length === 0) return [];
      const creators = await db
        .select({
          id: creatorProfiles.id,
          userId: creatorProfiles.userId,
          handle: creatorProfiles.handle,
          displayName: creatorProfiles.displayName,
        })
        .from(creatorProfiles)
        .where(inArray(creatorProfiles.id, [...new Set(published.map((row) => row.creatorId))]));
      const byId = new Map(creators.map((creator) => [creator.id, creator]));
      return published.flatMap((row) => {
        const creator = byId.get(row.creatorId);
        return creator
          ? [
              {
                id: row.id,
                creatorId: creator.id,
                creatorUserId: creator.userId,
                handle: creator.handle,
                displayName: creator.displayName,
              },
            ]
          : [];
      });
    },

    /** Hides every published post whose end date has passed; the number hidden. */
    async expireDue(now: Date): Promise<number> {
      const expired = await db
        .update(posts)
        .set({ status: 'expired', pinnedAt: null, updatedAt: now })
        .where(
          and(eq(posts.status, 'published'), sql`${posts.expiresAt} <= ${now.toISOString()}::timestamptz`),
        )
        .returning({ id: posts.id });
      return expired.length;
    },
  };
}
