import { and, count, desc, eq, exists, inArray, lt, ne, notExists, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  creatorHandleRedirects,
  creatorProfiles,
  follows,
  media,
  postLikes,
  posts,
  userBlocks,
  users,
} from '../../db/schema/index.ts';
import { shownInViewerRegion } from '../posts/index.ts';

export type CreatorRecord = typeof creatorProfiles.$inferSelect;
export type NewCreator = typeof creatorProfiles.$inferInsert;
export type CreatorChanges = Partial<
  Pick<
    CreatorRecord,
    | 'handle'
    | 'displayName'
    | 'blockedCountries'
    | 'watermark'
    | 'watermarkViewerHandle'
    | 'bio'
    | 'avatarUrl'
    | 'bannerUrl'
    | 'monthlyPriceCents'
    | 'threeMonthDiscountPercent'
    | 'twelveMonthDiscountPercent'
    | 'messagesSubscribersOnly'
  >
>;
export type CreatorStatus = CreatorRecord['status'];

export interface CreatorCounts {
  photos: number;
  videos: number;
  posts: number;
  likes: number;
  followers: number;
}

export interface ReviewRow {
  creator: CreatorRecord;
  account: Pick<typeof users.$inferSelect, 'id' | 'email' | 'firstName' | 'lastName'>;
}

/** Either side of a block between the viewer and the creator's account. */
const blockedWith = (db: Database, viewerId: string) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(userBlocks)
      .where(
        or(
          and(eq(userBlocks.blockerId, viewerId), eq(userBlocks.blockedId, creatorProfiles.userId)),
          and(eq(userBlocks.blockedId, viewerId), eq(userBlocks.blockerId, creatorProfiles.userId)),
        ),
      ),
  );

export function createCreatorsRepository(db: Database) {
  return {
    /**
     * Approved creators, newest first, one keyset page (ids are time-ordered UUIDv7). With a viewer:
     * never themselves, nobody they follow, nobody on either side of a block with them.
     */
    async listSuggestions(options: { limit: number; beforeId?: string; viewerId?: string }) {
      const { viewerId } = options;
      return db
        .select()
        .from(creatorProfiles)
        .where(
          and(
            eq(creatorProfiles.status, 'approved'),
            options.beforeId ? lt(creatorProfiles.id, options.beforeId) : undefined,
            viewerId ? ne(creatorProfiles.userId, viewerId) : undefined,
            viewerId
              ? notExists(
                  db
                    .select({ one: sql`1` })
                    .from(follows)
                    .where(and(eq(follows.followerId, viewerId), eq(follows.creatorId, creatorProfiles.id))),
                )
              : undefined,
            viewerId ? sql`not ${blockedWith(db, viewerId)}` : undefined,
            shownInViewerRegion(viewerId),
          ),
        )
        .orderBy(desc(creatorProfiles.id))
        .limit(options.limit);
    },

    /**
     * Approved creators by name or handle, typo-tolerant (trigram word similarity), best first; a
     * plain substring match always counts. Never across a block.
     */
    async search(options: { query: string; limit: number; viewerId?: string }): Promise<CreatorRecord[]> {
      const text = sql`lower(${creatorProfiles.displayName} || ' ' || ${creatorProfiles.handle})`;
      const query = options.query.toLowerCase();
      const pattern = `%${query.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      const score = sql`greatest(word_similarity(${query}, ${text}), similarity(${query}, ${text}), case when ${text} like ${pattern} then 1 else 0 end)`;
      return db
        .select()
        .from(creatorProfiles)
        .where(
          and(
            eq(creatorProfiles.status, 'approved'),
            sql`(${text} like ${pattern} or word_similarity(${query}, ${text}) >= 0.3)`,
            options.viewerId ? sql`not ${blockedWith(db, options.viewerId)}` : undefined,
            shownInViewerRegion(options.viewerId),
          ),
        )
        .orderBy(sql`${score} desc`, desc(creatorProfiles.id))
        .limit(options.limit);
    },

    async findById(id: string): Promise<CreatorRecord | null> {
      const [row] = await db.select().from(creatorProfiles).where(eq(creatorProfiles.id, id));
      return row ?? null;
    },

    async findByUserId(userId: string): Promise<CreatorRecord | null> {
      const [row] = await db.select().from(creatorProfiles).where(eq(creatorProfiles.userId, userId));
      return row ?? null;
    },

    /** By current handle, else by a handle the creator used before. */
    async findByHandle(handle: string): Promise<CreatorRecord | null> {
      const lower = handle.toLowerCase();
      const [current] = await db
        .select()
        .from(creatorProfiles)
        .where(sql`lower(${creatorProfiles.handle}) = ${lower}`);
      if (current) return current;
      const [previous] = await db
        .select({ creator: creatorProfiles })
        .from(creatorHandleRedirects)
        .innerJoin(creatorProfiles, eq(creatorProfiles.id, creatorHandleRedirects.creatorId))
        .where(eq(creatorHandleRedirects.handle, lower));
      return previous?.creator ?? null;
    },

    async isHandleTaken(handle: string, exceptCreatorId?: string): Promise<boolean> {
      const [row] = await db
        .select({ id: creatorProfiles.id })
        .from(creatorProfiles)
        .where(
          and(
            sql`lower(${creatorProfiles.handle}) = ${handle.toLowerCase()}`,
            exceptCreatorId ? ne(creatorProfiles.id, exceptCreatorId) : undefined,
          ),
        );
      return row !== undefined;
    },

    /** A changed handle leaves the old one behind as a redirect to this creator. */
    async update(creator: CreatorRecord, changes: CreatorChanges, now: Date): Promise<CreatorRecord> {
      return db.transaction(async (tx) => {
        if (changes.handle && changes.handle !== creator.handle) {
          await tx.delete(creatorHandleRedirects).where(eq(creatorHandleRedirects.handle, changes.handle));
          await tx
            .insert(creatorHandleRedirects)
            .values({ handle: creator.handle, creatorId: creator.id, createdAt: now })
            .onConflictDoUpdate({ target: creatorHandleRedirects.handle, set: { creatorId: creator.id } });
        }
        const [row] = await tx
          .update(creatorProfiles)
          .set({ ...changes, updatedAt: now })
          .where(eq(creatorProfiles.id, creator.id))
          .returning();
        if (!row) throw new Error('creator update returned nothing');
        // One photo per account: the new avatar is the account's profile image too (header, menus).
        if (changes.avatarUrl !== undefined) {
          await tx
            .update(users)
            .set({ profileImage: changes.avatarUrl, updatedAt: now })
            .where(eq(users.id, creator.userId));
        }
        return row;
      });
    },

    async counts(creatorId: string): Promise<CreatorCounts> {
      const [media_] = await db
        .select({
          posts: count(),
          photos: sql<number>`count(*) filter (where ${media.kind} = 'image')`.mapWith(Number),
          videos: sql<number>`count(*) filter (where ${media.kind} = 'video')`.mapWith(Number),
        })
        .from(posts)
        .leftJoin(media, eq(media.id, posts.mediaId))
        // Drafts, scheduled and expired posts are not on the profile, so not in its counts.
        .where(and(eq(posts.creatorId, creatorId), eq(posts.status, 'published')));
      const [likes] = await db
        .select({ value: count() })
        .from(postLikes)
        .innerJoin(posts, eq(posts.id, postLikes.postId))
        .where(eq(posts.creatorId, creatorId));
      const [followers] = await db
        .select({ value: count() })
        .from(follows)
        .where(eq(follows.creatorId, creatorId));
      return {
        posts: media_?.posts ?? 0,
        photos: media_?.photos ?? 0,
        videos: media_?.videos ?? 0,
        likes: likes?.value ?? 0,
        followers: followers?.value ?? 0,
      };
    },

    /** Which of these creators the user follows (one query for a page of posts). */
    async followedAmong(userId: string, creatorIds: string[]): Promise<Set<string>> {
      if (creatorIds.length === 0) return new Set();
      const rows = await db
        .select({ creatorId: follows.creatorId })
        .from(follows)
        .where(and(eq(follows.followerId, userId), inArray(follows.creatorId, creatorIds)));
      return new Set(rows.map((row) => row.creatorId));
    },

    async followerCount(creatorId: string): Promise<number> {
      const [row] = await db.select({ value: count() }).from(follows).where(eq(follows.creatorId, creatorId));
      return row?.value ?? 0;
    },

    async isFollowing(userId: string, creatorId: string): Promise<boolean> {
      const [row] = await db
        .select({ one: sql`1` })
        .from(follows)
        .where(and(eq(follows.followerId, userId), eq(follows.creatorId, creatorId)));
      return row !== undefined;
    },

    /** Idempotent: following twice leaves one row. True when this call added it. */
    async follow(userId: string, creatorId: string, now: Date): Promise<boolean> {
      const added = await db
        .insert(follows)
        .values({ followerId: userId, creatorId, createdAt: now })
        .onConflictDoNothing()
        .returning({ creatorId: follows.creatorId });
      return added.length > 0;
    },

    async unfollow(userId: string, creatorId: string): Promise<void> {
      await db.delete(follows).where(and(eq(follows.followerId, userId), eq(follows.creatorId, creatorId)));
    },

    /** Creators in one review state with their accounts, oldest first (a queue), one keyset page. */
    async listForReview(options: {
      status: CreatorStatus;
      limit: number;
      afterId?: string;
    }): Promise<ReviewRow[]> {
      return db
        .select({
          creator: creatorProfiles,
          account: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName },
        })
        .from(creatorProfiles)
        .innerJoin(users, eq(users.id, creatorProfiles.userId))
        .where(
          and(
            eq(creatorProfiles.status, options.status),
            options.afterId ? sql`${creatorProfiles.id} > ${options.afterId}` : undefined,
          ),
        )
        .orderBy(creatorProfiles.id)
        .limit(options.limit);
    },

    /** A null `reviewerId` is a decision of the system itself (the demo data), not of an admin. */
    async setReview(
      id: string,
      review: { status: CreatorStatus; reason: string | null; reviewerId: string | null; now: Date },
    ): Promise<CreatorRecord | null> {
      const [row] = await db
        .update(creatorProfiles)
        .set({
          status: review.status,
          rejectionReason: review.reason,
          reviewedBy: review.reviewerId,
          reviewedAt: review.now,
          updatedAt: review.now,
        })
        .where(eq(creatorProfiles.id, id))
        .returning();
      return row ?? null;
    },
  };
}

export type CreatorsRepository = ReturnType<typeof createCreatorsRepository>;
