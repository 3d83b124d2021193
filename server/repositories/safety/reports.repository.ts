import { and, asc, eq, sql } from 'drizzle-orm';
import type { ReportTarget } from '../../../common/schemas/safety.ts';
import type { Database } from '../../db/client.ts';
import {
  conversationMembers,
  creatorProfiles,
  messages,
  postComments,
  posts,
  reports,
  sessions,
  userBlocks,
  users,
} from '../../db/schema/index.ts';

export type ReportRecord = typeof reports.$inferSelect;
export type NewReport = typeof reports.$inferInsert;

export interface ReportTargetFacts {
  summary: string;
  link: string | null;
  ownerId: string;
  /** For posts: the media to delete with it. */
  mediaId?: string | null;
}

export function createReportsRepository(db: Database) {
  return {
    /**
     * What a report points at, as the reporter may see it; null when it does not exist (for them).
     * Without a reporter (an admin looking) only existence counts.
     */
    async target(
      type: ReportTarget,
      id: string,
      reporterId: string | null,
    ): Promise<ReportTargetFacts | null> {
      if (type === 'post') {
        const [row] = await db
          .select({
            description: posts.description,
            mediaId: posts.mediaId,
            handle: creatorProfiles.handle,
            ownerId: creatorProfiles.userId,
          })
          .from(posts)
          .innerJoin(creatorProfiles, eq(creatorProfiles.id, posts.creatorId))
          .where(eq(posts.id, id));
        return row
          ? {
              summary: row.description || '(a post without text)',
              link: `/public-profile/${row.handle}`,
              ownerId: row.ownerId,
              mediaId: row.mediaId,
            }
          : null;
      }
      if (type === 'profile') {
        const [row] = await db.select().from(creatorProfiles).where(eq(creatorProfiles.id, id));
        return row
          ? {
              summary: `${row.displayName} (@${row.handle})`,
              link: `/public-profile/${row.handle}`,
              ownerId: row.userId,
            }
          : null;
      }
      if (type === 'comment') {
        // A comment across a block with its author cannot be seen, so cannot be reported either.
        const notBlocked = reporterId
          ? sql`not exists (select 1 from ${userBlocks} b where (b.blocker_id = ${reporterId} and b.blocked_id = ${postComments.authorId}) or (b.blocked_id = ${reporterId} and b.blocker_id = ${postComments.authorId}))`
          : undefined;
        const [row] = await db
          .select({ body: postComments.body, authorId: postComments.authorId, postId: postComments.postId })
          .from(postComments)
          .where(and(eq(postComments.id, id), notBlocked));
        return row ? { summary: row.body, link: `/post/${row.postId}`, ownerId: row.authorId } : null;
      }
      // A message can only be reported by someone in its conversation.
      const inConversation = reporterId
        ? sql`exists (select 1 from ${conversationMembers} where ${conversationMembers.conversationId} = ${messages.conversationId} and ${conversationMembers.userId} = ${reporterId})`
        : undefined;
      const [row] = await db
        .select({ body: messages.body, senderId: messages.senderId })
        .from(messages)
        .where(and(eq(messages.id, id), inConversation));
      return row ? { summary: row.body, link: null, ownerId: row.senderId } : null;
    },

    async create(row: NewReport): Promise<ReportRecord> {
      const [created] = await db.insert(reports).values(row).returning();
      if (!created) throw new Error('report insert returned nothing');
      return created;
    },

    async findById(id: string): Promise<ReportRecord | null> {
      const [row] = await db.select().from(reports).where(eq(reports.id, id));
      return row ?? null;
    },

    /** The queue: oldest first, so nothing waits past the 7-day goal unnoticed. */
    async list(options: { status: ReportRecord['status']; limit: number; afterId?: string }) {
      return db
        .select({ report: reports, reporterEmail: users.email })
        .from(reports)
        .leftJoin(users, eq(users.id, reports.reporterId))
        .where(
          and(
            eq(reports.status, options.status),
            options.afterId ? sql`${reports.id} > ${options.afterId}` : undefined,
          ),
        )
        .orderBy(asc(reports.id))
        .limit(options.limit);
    },

    async owner(userId: string | null) {
      if (!userId) return null;
      const [row] = await db.select().from(users).where(eq(users.id, userId));
      return row ?? null;
    },

    async resolve(id: string, resolution: { text: string; adminId: string; now: Date }): Promise<void> {
      await db
        .update(reports)
        .set({
          status: 'resolved',
          resolution: resolution.text,
          resolvedBy: resolution.adminId,
          resolvedAt: resolution.now,
        })
        .where(eq(reports.id, id));
    },

    async deleteMessage(id: string): Promise<void> {
      await db.delete(messages).where(eq(messages.id, id));
    },

    /** A removed profile is taken off every list (rejected with the report's resolution as reason). */
    async unlistProfile(id: string, reason: string, adminId: string, now: Date): Promise<void> {
      await db
        .update(creatorProfiles)
        .set({
          status: 'rejected',
          rejectionReason: reason,
          reviewedBy: adminId,
          reviewedAt: now,
          updatedAt: now,
        })
        .where(eq(creatorProfiles.id, id));
    },

    /** Suspended: no sign-in, and every session ends now. */
    async suspend(userId: string, now: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.update(users).set({ suspendedAt: now, updatedAt: now }).where(eq(users.id, userId));
        await tx.delete(sessions).where(eq(sessions.userId, userId));
      });
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
