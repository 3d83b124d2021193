import { limits } from '../../common/limits.ts';
import { commentLimits } from '../../common/schemas/engagement.ts';
import { messageLimits } from '../../common/schemas/messages.ts';
import { dataExportLimits } from '../../common/schemas/safety.ts';
import { tipCheckoutsPerHour } from '../../common/tips.ts';
import type { RateLimiter } from '../adapters/rate-limit/index.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A count of attempts per subject (a user id, an IP, an email) in a window. `consume` refuses the
 * attempt past `limit`; a failure count (`blocked` + `record`) refuses once `limit` failures are in.
 */
export interface RateLimit {
  /** The store key's middle part (`fp:rl:<scope>:<hashed subject>`): renaming it resets every count. */
  scope: string;
  limit: number;
  windowMs: number;
  /** A lock whose window grows with each lockout stops growing here. */
  maxWindowMs?: number;
  why: string;
}

/** A count that refuses nothing itself: another rule reads it (how many lockouts in a day). */
export interface RateCounter {
  scope: string;
  windowMs: number;
  why: string;
}

/**
 * Every rate limit of the server, named for what it protects. The scope strings are the keys in
 * Redis: keep them as they are. A limit shared with the web app (which shows it or counts down)
 * is read from `common/`, so both sides say the same number.
 */
export const rateLimits = {
  // Signing up and in
  signUpPerIp: {
    scope: 'signup-ip',
    limit: 10,
    windowMs: HOUR,
    why: 'Each sign-up hashes a password and mails a code: one address cannot create accounts in bulk.',
  },
  verificationResendsPerIp: {
    scope: 'resend-ip',
    limit: 20,
    windowMs: HOUR,
    why: 'Each resend mails a code: one address cannot flood mailboxes through many emails.',
  },
  verificationResendPerEmail: {
    scope: 'resend-email',
    limit: 1,
    windowMs: limits.verificationResendSeconds * SECOND,
    why: 'One new code per address per wait; the web counts down the same limits.verificationResendSeconds.',
  },
  verificationFailuresPerIp: {
    scope: 'verify-ip',
    limit: 50,
    windowMs: 15 * MINUTE,
    why: 'Wrong or expired verification codes from one address: guessing codes across accounts stops.',
  },
  passwordResetsPerIp: {
    scope: 'forgot-ip',
    limit: 20,
    windowMs: HOUR,
    why: 'Each reset request mails a link: one address cannot flood mailboxes.',
  },
  passwordResetsPerEmail: {
    scope: 'forgot-email',
    limit: 5,
    windowMs: HOUR,
    why: 'Reset links to one mailbox, from however many addresses.',
  },
  googleSignInStartsPerIp: {
    scope: 'google-start-ip',
    limit: 30,
    windowMs: 10 * MINUTE,
    why: 'Each start stores an OAuth state row: one address cannot fill the table.',
  },
  signInFailuresPerIp: {
    scope: 'signin-ip',
    limit: 50,
    windowMs: 15 * MINUTE,
    why: 'Wrong passwords from one address, over any accounts: password spraying stops.',
  },
  signInFailuresPerAccount: {
    scope: 'signin-fail',
    limit: 10,
    windowMs: 15 * MINUTE,
    why: 'Wrong passwords for one email before it is locked (signInLock): guessing one password stops.',
  },
  signInLock: {
    scope: 'signin-lock',
    limit: 1,
    windowMs: 15 * MINUTE,
    maxWindowMs: DAY,
    why: 'The lock itself: 15 minutes, doubling with each lockout in a day (signInLockouts), at most a day.',
  },
  signInLockouts: {
    scope: 'signin-lockouts',
    windowMs: DAY,
    why: 'Lockouts of one email in a day: how long its next lock lasts.',
  },

  // Media
  mediaUploadsPerUser: {
    scope: 'media-upload-user',
    limit: limits.media.uploadsPerHour,
    windowMs: HOUR,
    why: 'Uploads are stored and transcoded: one account cannot fill the disk or the queue.',
  },
  mediaUploadsPerIp: {
    scope: 'media-upload-ip',
    limit: 3 * limits.media.uploadsPerHour,
    windowMs: HOUR,
    why: 'The same, for several accounts on one address (a household or office shares it, hence 3x).',
  },

  // Safety and account
  pushSubscribesPerUser: {
    scope: 'push-subscribe',
    limit: 30,
    windowMs: HOUR,
    why: 'Each one stores a device the push job sends to: an account cannot churn through devices (it keeps at most limits.pushDevicesPerUser).',
  },
  dataExportsPerUser: {
    scope: 'export-request',
    limit: dataExportLimits.perDay,
    windowMs: DAY,
    why: 'Each export asked for zips every row and media file of the account in a job: heavy to make. Asking again while one is waiting counts nothing.',
  },
  reportsPerUser: {
    scope: 'report',
    limit: 20,
    windowMs: HOUR,
    why: 'Reports land in the admins’ queue: one account cannot bury it.',
  },
  supportTicketsPerUser: {
    scope: 'support-user',
    limit: 20,
    windowMs: HOUR,
    why: 'Tickets from one signed-in account: the support queue stays readable.',
  },
  supportTicketsPerIp: {
    scope: 'support-ip',
    limit: 5,
    windowMs: HOUR,
    why: 'Signed out, the form is the only door: fewer tickets per address.',
  },
  supportTicketsPerEmail: {
    scope: 'support-address',
    limit: 3,
    windowMs: HOUR,
    why: 'Someone locked out writes from their email, maybe from several networks: counted by it too.',
  },
  supportReceiptsPerEmail: {
    scope: 'support-receipt',
    limit: 5,
    windowMs: HOUR,
    why: 'Receipts go to whatever email was typed: the form cannot flood someone’s mailbox.',
  },
  emailChangeRequestsPerUser: {
    scope: 'email-change',
    limit: 10,
    windowMs: HOUR,
    why: 'Each request checks the password and mails a code: no password guessing, no mail flood.',
  },
  emailChangeCodeFailuresPerUser: {
    scope: 'email-change-code',
    limit: 20,
    windowMs: HOUR,
    why: 'Wrong email-change codes of one account: guessing codes across requests stops.',
  },

  // Messages and comments
  messagesPerUser: {
    scope: 'message',
    limit: messageLimits.perMinute,
    windowMs: MINUTE,
    why: 'Messages one user sends: no spamming conversations (the number is messageLimits.perMinute).',
  },
  commentsPerUserPerMinute: {
    scope: 'comment-minute',
    limit: commentLimits.perMinute,
    windowMs: MINUTE,
    why: 'Comments and replies one user writes in a burst (commentLimits.perMinute).',
  },
  commentsPerUserPerHour: {
    scope: 'comment-hour',
    limit: commentLimits.perHour,
    windowMs: HOUR,
    why: 'Comments and replies one user writes over an hour (commentLimits.perHour).',
  },

  // Billing
  tipCheckoutsPerFan: {
    scope: 'tip-checkout',
    limit: tipCheckoutsPerHour,
    windowMs: HOUR,
    why: 'New tip checkouts one fan starts (each opens one at the provider); a retry of the same tip is free.',
  },
  payoutLookupsPerCreator: {
    scope: 'payout-lookup',
    limit: 60,
    windowMs: HOUR,
    why: 'Provider look-ups (banks, resolving an account number, saving one) cost us calls to the provider.',
  },
  payoutConfirmsPerCreator: {
    scope: 'payout-confirm',
    limit: 10,
    windowMs: HOUR,
    why: 'Confirming a payout account change checks the password: no password guessing.',
  },
} satisfies Record<string, RateLimit | RateCounter>;

/** Counts an attempt; the seconds to wait when it is over the rule's limit, else null. */
export const consume = (limiter: Pick<RateLimiter, 'consume'>, rule: RateLimit, subject: string) =>
  limiter.consume(rule.scope, subject, rule);

/** Seconds to wait when the subject already has `rule.limit` failures in the window, without counting. */
export const blocked = (limiter: Pick<RateLimiter, 'blocked'>, rule: RateLimit, subject: string) =>
  limiter.blocked(rule.scope, subject, rule.limit);

/** Counts a failure (or an event), in the rule's window unless told another one. */
export const record = (
  limiter: Pick<RateLimiter, 'record'>,
  rule: RateLimit | RateCounter,
  subject: string,
  windowMs = rule.windowMs,
) => limiter.record(rule.scope, subject, windowMs);

/** Forgets the subject's count. */
export const clear = (limiter: Pick<RateLimiter, 'clear'>, rule: RateLimit | RateCounter, subject: string) =>
  limiter.clear(rule.scope, subject);
