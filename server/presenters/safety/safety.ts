import type {
  BlockedUser,
  EmailChangeStatus,
  ReportView,
  SupportTicket,
} from '../../../common/schemas/safety.ts';
import type { UserRecord } from '../../repositories/auth/users.repository.ts';
import type { EmailChangeRecord } from '../../repositories/safety/email-changes.repository.ts';
import type { ReportRecord, ReportTargetFacts } from '../../repositories/safety/reports.repository.ts';
import type {
  SupportReplyRecord,
  SupportTicketRecord,
} from '../../repositories/safety/support.repository.ts';
import { nameForOthers } from '../auth/user.ts';

const DAY = 86_400_000;
const ageInDays = (since: Date, now: Date) => Math.floor((now.getTime() - since.getTime()) / DAY);

/**
 * A report for the admins' queue. Admins see the owner's and the reporter's email: they may need to
 * write to them (server/routes/safety/no-other-emails.test.ts allows it on the admin routes only).
 */
export function presentReport(
  report: ReportRecord,
  context: {
    target: Pick<ReportTargetFacts, 'summary' | 'link'> | null;
    owner: Pick<UserRecord, 'id' | 'email' | 'firstName' | 'lastName' | 'suspendedAt'> | null;
    reporterEmail: string | null;
    now: Date;
  },
): ReportView {
  const { target, owner } = context;
  return {
    id: report.id,
    targetType: report.targetType,
    targetId: report.targetId,
    reason: report.reason,
    details: report.details,
    status: report.status,
    resolution: report.resolution,
    target:
      target || owner
        ? {
            summary: target?.summary ?? '(removed)',
            link: target?.link ?? null,
            removed: target === null,
            owner: owner
              ? {
                  id: owner.id,
                  email: owner.email,
                  name: `${owner.firstName} ${owner.lastName}`.trim(),
                  suspended: owner.suspendedAt !== null,
                }
              : null,
          }
        : null,
    reporter:
      report.reporterId && context.reporterEmail
        ? { id: report.reporterId, email: context.reporterEmail }
        : null,
    ageDays: ageInDays(report.createdAt, context.now),
    createdAt: report.createdAt.toISOString(),
    resolvedAt: report.resolvedAt?.toISOString() ?? null,
  };
}

/** A support ticket with its replies, for the admins who answer it. */
export function presentSupportTicket(
  ticket: SupportTicketRecord,
  replies: SupportReplyRecord[],
  now: Date,
): SupportTicket {
  return {
    id: ticket.id,
    userId: ticket.userId,
    name: ticket.name,
    email: ticket.email,
    category: ticket.category,
    subject: ticket.subject,
    message: ticket.message,
    status: ticket.status,
    replies: replies.map((reply) => ({
      id: reply.id,
      message: reply.message,
      adminName:
        reply.adminFirstName === null ? null : `${reply.adminFirstName} ${reply.adminLastName ?? ''}`.trim(),
      createdAt: reply.createdAt.toISOString(),
    })),
    ageDays: ageInDays(ticket.createdAt, now),
    createdAt: ticket.createdAt.toISOString(),
    closedAt: ticket.closedAt?.toISOString() ?? null,
  };
}

/** Someone you blocked: named as others see them (a creator's page name only once approved). */
export function presentBlockedUser(row: {
  id: string;
  firstName: string;
  lastName: string;
  displayName: string | null;
  handle: string | null;
  creatorStatus: string | null;
  blockedAt: Date;
}): BlockedUser {
  const approved = row.creatorStatus === 'approved';
  return {
    id: row.id,
    name: nameForOthers({ ...row, displayName: approved ? row.displayName : null }),
    handle: approved ? row.handle : null,
    status: 'Blocked',
    blockedDate: row.blockedAt.toISOString(),
  };
}

/** The account's email and the change waiting for its code (never the code or its hash). */
export function presentEmailChangeStatus(
  email: string,
  pending: EmailChangeRecord | null,
): EmailChangeStatus {
  return {
    email,
    pending: pending ? { newEmail: pending.newEmail, expiresAt: pending.expiresAt.toISOString() } : null,
  };
}
