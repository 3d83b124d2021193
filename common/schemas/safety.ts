import { z } from 'zod';
import { limits } from '../limits.ts';

export const supportCategories = ['technical', 'billing', 'account', 'content', 'other'] as const;
export const ticketStatuses = ['open', 'closed'] as const;
export const reportTargets = ['post', 'profile', 'message', 'comment'] as const;
export const reportReasons = [
  'spam',
  'harassment',
  'nudity',
  'violence',
  'impersonation',
  'underage',
  'other',
] as const;
export const reportStatuses = ['open', 'resolved'] as const;

export type SupportCategory = (typeof supportCategories)[number];
export type ReportTarget = (typeof reportTargets)[number];
export type ReportReason = (typeof reportReasons)[number];

/** The wording users see (spec sections 4 and 5, and what the rules need). */
export const safetyMessages = {
  removeNeedsBlock: 'Block this person first: Delete User removes someone you have blocked',
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  invalidEmail: 'Invalid email address',
  categoryRequired: 'Category is required',
  subjectRequired: 'Subject is required',
  messageRequired: 'Message is required',
  ticketSent: 'Message Sent!',
  ticketNotFound: 'Support request not found',
  ticketClosed: 'This support request is closed',
  ticketAlreadyClosed: 'This support request is already closed',
  tooManyTickets: 'Too many support requests. Please try again later',
  replyRequired: 'Please write a reply',
  reportReasonRequired: 'Please choose a reason',
  reportTargetNotFound: 'What you reported no longer exists',
  reportNotFound: 'Report not found',
  reported: 'Thank you. Our team will review your report',
  resolutionRequired: 'Please say how the report was resolved',
  cannotBlockYourself: 'You cannot block yourself',
  blocked: 'User blocked',
  unblocked: 'User unblocked',
  passwordRequired: 'Current password is required',
  passwordIncorrect: 'Current password is incorrect',
  emailUnchanged: 'This is already your email address',
  emailTaken: 'An account with this email already exists',
  emailCodeSent: 'We sent a code to your new email address',
  emailChanged: 'Your email address was changed',
  codeIncorrect: 'Incorrect verification code',
  codeExpired: 'This code has expired. Please request a new one',
  codeVoided: 'Too many incorrect attempts. Please request a new code',
  noEmailChange: 'There is no email change waiting for a code',
  tooManyEmailChanges: 'Too many requests. Please try again later',
  accountDeleted: 'Your account was deleted',
  suspended: 'This account is suspended. Contact support if you think this is a mistake',
  tooManyExports: 'You can ask for your data 3 times a day',
  exportNotFound: 'This download is not available. Ask for your data again',
  exportFailed: 'Something went wrong while preparing your data. Please ask again',
} as const;

const m = safetyMessages;
const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max);
const email = z
  .string({ error: m.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, m.emailRequired)
  .max(limits.emailMaxLength, m.invalidEmail)
  .regex(z.regexes.email, m.invalidEmail);

/** POST /api/support: every field required, the email's format checked (spec section 5). */
export const supportRequestSchema = z.object({
  name: required(m.nameRequired, 100),
  email,
  category: z.enum(supportCategories, { error: m.categoryRequired }),
  subject: required(m.subjectRequired, 200),
  message: required(m.messageRequired, 5000),
});
export type SupportRequestInput = z.input<typeof supportRequestSchema>;

/** POST /api/support answers with the ticket's id and 'Message Sent!'. */
export const supportTicketCreatedSchema = z.object({ id: z.string(), message: z.string() });

export const supportReplyViewSchema = z.object({
  id: z.string(),
  message: z.string(),
  /** The admin who answered (null once that account is gone). */
  adminName: z.string().nullable(),
  createdAt: z.string(),
});
export type SupportReplyView = z.infer<typeof supportReplyViewSchema>;

/** A ticket as admins see it: the request, its replies (oldest first) and its age. */
export const supportTicketSchema = z.object({
  id: z.string(),
  /** The account that wrote, when signed in (null for the signed-out form). */
  userId: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  category: z.enum(supportCategories),
  subject: z.string(),
  message: z.string(),
  status: z.enum(ticketStatuses),
  replies: z.array(supportReplyViewSchema),
  /** Whole days since it was sent (replies are promised within 24 hours). */
  ageDays: z.number().int(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
});
export type SupportTicket = z.infer<typeof supportTicketSchema>;
export type TicketStatus = (typeof ticketStatuses)[number];
export const supportTicketListSchema = z.object({
  items: z.array(supportTicketSchema),
  nextCursor: z.string().nullable(),
});
/** POST /api/admin/support/:id/reply: mailed to the ticket's address and kept with the ticket. */
export const supportReplySchema = z.object({ message: required(m.replyRequired, 5000) });
export type SupportReplyInput = z.input<typeof supportReplySchema>;

/** POST /api/reports */
export const reportSchema = z.object({
  targetType: z.enum(reportTargets),
  targetId: z.uuid({ error: m.reportTargetNotFound }),
  reason: z.enum(reportReasons, { error: m.reportReasonRequired }),
  details: z.string().trim().max(1000).default(''),
});
export type ReportInput = z.input<typeof reportSchema>;

export const reportViewSchema = z.object({
  id: z.string(),
  targetType: z.enum(reportTargets),
  targetId: z.string(),
  reason: z.enum(reportReasons),
  details: z.string(),
  status: z.enum(reportStatuses),
  resolution: z.string().nullable(),
  /** What was reported, as an admin sees it (null when already removed). */
  target: z
    .object({
      summary: z.string(),
      link: z.string().nullable(),
      /** True once the content is gone (removed by a moderator or deleted by its owner). */
      removed: z.boolean(),
      owner: z
        .object({ id: z.string(), email: z.string(), name: z.string(), suspended: z.boolean() })
        .nullable(),
    })
    .nullable(),
  reporter: z.object({ id: z.string(), email: z.string() }).nullable(),
  /** Days since the report: the goal is to resolve within 7. */
  ageDays: z.number().int(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type ReportView = z.infer<typeof reportViewSchema>;
export const reportListSchema = z.object({
  items: z.array(reportViewSchema),
  nextCursor: z.string().nullable(),
});

/** POST /api/admin/reports/:id/resolve: what the admin did, optionally removing content or suspending. */
export const resolveReportSchema = z.object({
  resolution: required(m.resolutionRequired, 1000),
  removeContent: z.boolean().default(false),
  suspendAccount: z.boolean().default(false),
});

/** Privacy & Safety: the people you blocked. */
export const blockedUserSchema = z.object({
  id: z.string(),
  /** Their name (never their email: nobody sees another user's address). */
  name: z.string(),
  /** Their creator handle, for View Profile (null when they are not a creator). */
  handle: z.string().nullable(),
  status: z.literal('Blocked'),
  blockedDate: z.string(),
});
export type BlockedUser = z.infer<typeof blockedUserSchema>;
export const blockedUserListSchema = z.object({
  items: z.array(blockedUserSchema),
  nextCursor: z.string().nullable(),
});
export const blockUserSchema = z.object({ userId: z.uuid() });

/**
 * POST /api/me/email: a new address, confirmed with the current password (an account made with
 * Google, which has none, types its current email), then a code is sent there.
 */
export const changeEmailSchema = z.object({
  newEmail: email,
  currentPassword: z.string({ error: m.passwordRequired }).min(1, m.passwordRequired).max(1024),
});
export type ChangeEmailInput = z.input<typeof changeEmailSchema>;
export const confirmEmailChangeSchema = z.object({
  code: z
    .string({ error: 'Please enter verification code' })
    .trim()
    .regex(/^\d{6}$/, 'The verification code has 6 digits'),
});
export type ConfirmEmailChangeInput = z.input<typeof confirmEmailChangeSchema>;

/** GET /api/me/email: the address in use and the change waiting for its code, if any. */
export const emailChangeStatusSchema = z.object({
  email: z.string(),
  pending: z.object({ newEmail: z.string(), expiresAt: z.string() }).nullable(),
});
export type EmailChangeStatus = z.infer<typeof emailChangeStatusSchema>;
/** What POST /api/me/email and /api/me/email/confirm answer: the message to show and the new state. */
export const emailChangeResultSchema = emailChangeStatusSchema.extend({ message: z.string() });
export type EmailChangeResult = z.infer<typeof emailChangeResultSchema>;

/** POST /api/me/delete */
export const deleteAccountSchema = z.object({
  password: z.string({ error: m.passwordRequired }).min(1, m.passwordRequired).max(1024),
});

/** "Download your data": how many a day may be asked for, and how long a ready zip is kept. */
export const dataExportLimits = { perDay: 3, keepDays: 7 } as const;

/** What a stored export can be; `none` is said when there is none. */
export const storedDataExportStatuses = ['waiting', 'ready', 'failed'] as const;
export const dataExportStatuses = ['none', ...storedDataExportStatuses] as const;
export type DataExportStatus = (typeof dataExportStatuses)[number];

/**
 * GET and POST /api/me/export: the caller's latest export. `waiting` while it is queued or being
 * made; `ready` with its size (bytes) and when it is removed; `failed` with the reason in plain words.
 */
export const dataExportSchema = z.object({
  status: z.enum(dataExportStatuses),
  id: z.string().nullable(),
  requestedAt: z.string().nullable(),
  size: z.number().nullable(),
  expiresAt: z.string().nullable(),
  reason: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;
