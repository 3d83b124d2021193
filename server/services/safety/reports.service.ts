import type { ReportInput } from '../../../common/schemas/safety.ts';
import { reportSchema, safetyMessages } from '../../../common/schemas/safety.ts';
import type { RateLimiter } from '../../adapters/rate-limit/index.ts';
import { conflict, notFound, rateLimited } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { decodeCursor, keysetPage } from '../../lib/cursor.ts';
import { consume, rateLimits } from '../../lib/rate-limits.ts';
import { actorOf, assertCan } from '../../policies/access.ts';
import { isAdminAccount } from '../../policies/actions/accounts.ts';
import type { Viewer } from '../../policies/actions/creators.ts';
import type { UserRecord } from '../../repositories/auth/users.repository.ts';
import type { CommentsRepository } from '../../repositories/engagement/comments.repository.ts';
import type { PostsRepository } from '../../repositories/posts/index.ts';
import type {
  ReportRecord,
  ReportsRepository,
  ReportTargetFacts,
} from '../../repositories/safety/reports.repository.ts';
import type { BlockListService } from '../media/block-list.service.ts';
import type { MediaLibrary } from '../media/library.service.ts';

/** A report with what the admins' queue shows of it, as read at `now` (presented by the route). */
export interface ReportFacts {
  report: ReportRecord;
  target: ReportTargetFacts | null;
  owner: Awaited<ReturnType<ReportsRepository['owner']>>;
  reporterEmail: string | null;
  now: Date;
}

export function createReportsService(deps: {
  reports: ReportsRepository;
  posts: Pick<PostsRepository, 'delete' | 'isMediaUsed'>;
  comments: Pick<CommentsRepository, 'find' | 'delete'>;
  library: Pick<MediaLibrary, 'remove'>;
  blockList: Pick<BlockListService, 'blockPost'>;
  limiter: RateLimiter;
  clock: Clock;
}) {
  async function facts(report: ReportRecord, reporterEmail: string | null): Promise<ReportFacts> {
    // Looked up as an admin would see it: a message stays visible even if its reporter is gone.
    const [target, owner] = await Promise.all([
      deps.reports.target(report.targetType, report.targetId, null),
      deps.reports.owner(report.targetUserId),
    ]);
    return { report, target, owner, reporterEmail, now: deps.clock.now() };
  }

  return {
    /** Anyone signed in reports what they can see; a message only from inside its conversation. */
    async create(
      user: Viewer & Pick<UserRecord, 'isEmailVerified'>,
      input: ReportInput,
    ): Promise<{ id: string; message: string }> {
      assertCan(actorOf(user), 'account:act', {});
      const body = reportSchema.parse(input);
      const wait = await consume(deps.limiter, rateLimits.reportsPerUser, user.id);
      if (wait !== null) throw rateLimited('Too many reports. Please try again later', wait);
      const target = await deps.reports.target(body.targetType, body.targetId, user.id);
      if (!target) throw notFound(safetyMessages.reportTargetNotFound);
      const report = await deps.reports.create({
        reporterId: user.id,
        targetType: body.targetType,
        targetId: body.targetId,
        targetUserId: target.ownerId,
        reason: body.reason,
        details: body.details,
        createdAt: deps.clock.now(),
      });
      return { id: report.id, message: safetyMessages.reported };
    },

    async list(admin: Viewer, options: { status: ReportRecord['status']; limit: number; cursor?: string }) {
      assertCan(actorOf(admin), 'admin:act', { task: 'moderate reports' });
      const after = decodeCursor(options.cursor, ['id'])?.id;
      const rows = await deps.reports.list({
        status: options.status,
        limit: options.limit + 1,
        ...(after ? { afterId: after } : {}),
      });
      const page = keysetPage(rows, options.limit, (last) => ({ id: last.report.id }));
      return {
        items: await Promise.all(page.rows.map((row) => facts(row.report, row.reporterEmail))),
        nextCursor: page.nextCursor,
      };
    },

    /** Every report ends resolved, with what was done: nothing, the content removed, the account suspended. */
    async resolve(
      admin: Viewer,
      id: string,
      decision: { resolution: string; removeContent: boolean; suspendAccount: boolean },
    ): Promise<ReportFacts> {
      assertCan(actorOf(admin), 'admin:act', { task: 'moderate reports' });
      const report = await deps.reports.findById(id);
      if (!report) throw notFound(safetyMessages.reportNotFound);
      if (report.status === 'resolved') throw conflict('This report is already resolved');
      const now = deps.clock.now();
      if (decision.removeContent) {
        const target = await deps.reports.target(report.targetType, report.targetId, null);
        if (report.targetType === 'post' && target) {
          // Removed media may not come back: its hashes go on the block list before anything is deleted.
          await deps.blockList.blockPost(report.targetId, {
            source: 'moderation',
            note: decision.resolution,
            adminId: admin.id,
          });
          await deps.posts.delete(report.targetId);
          // Its media goes too, unless another post of the creator still shows it (the vault).
          if (target.mediaId && !(await deps.posts.isMediaUsed(target.mediaId)))
            await deps.library.remove(target.mediaId);
        } else if (report.targetType === 'comment') {
          const comment = await deps.comments.find(report.targetId);
          if (comment) await deps.comments.delete(comment);
        } else if (report.targetType === 'message') {
          await deps.reports.deleteMessage(report.targetId);
        } else if (report.targetType === 'profile') {
          await deps.reports.unlistProfile(report.targetId, decision.resolution, admin.id, now);
        }
      }
      if (decision.suspendAccount && report.targetUserId) {
        const owner = await deps.reports.owner(report.targetUserId);
        if (owner && !isAdminAccount(owner)) await deps.reports.suspend(owner.id, now);
      }
      await deps.reports.resolve(report.id, { text: decision.resolution, adminId: admin.id, now });
      const resolved = await deps.reports.findById(report.id);
      return facts(resolved ?? report, null);
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
