import type { ReportReason, ReportTarget } from '#common/schemas/safety.ts';

/** How each report reason reads in the dialog, in the order offered. */
export const reportReasonLabels: Record<ReportReason, string> = {
  spam: 'Spam or scam',
  harassment: 'Harassment or bullying',
  nudity: 'Nudity or sexual content where it does not belong',
  violence: 'Violence or threats',
  impersonation: 'Pretending to be someone else',
  underage: 'Someone who may be under 18',
  other: 'Something else',
};

export const reportTargetLabels: Record<ReportTarget, string> = {
  post: 'post',
  profile: 'profile',
  message: 'message',
  comment: 'comment',
};
