import { z } from 'zod';
import { earningsMessages, earningsPeriods } from '../earnings.ts';

export {
  type EarningsKind,
  type EarningsPeriod,
  earningsExcerptChars,
  earningsKinds,
  earningsMessages,
  earningsPeriods,
  earningsRangeLimits,
  earningsTopCount,
} from '../earnings.ts';

/**
 * The creator's earnings overview (GET /api/wallet/earnings): what they earned, net of the platform
 * fee, refunds and chargebacks, per kind of payment and per day, week or month (UTC), with the
 * posts and messages that earned the most in the range. Amounts are USD cents.
 */

const m = earningsMessages;

/** A calendar day, YYYY-MM-DD, that exists (2026-02-30 does not). */
const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, m.invalidDate)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, m.invalidDate);

/**
 * GET /api/wallet/earnings?period=day|week|month&from=YYYY-MM-DD&to=YYYY-MM-DD. Both days are
 * inclusive and widen to the whole week (Monday first) or month they fall in. Without `to` the range
 * ends today; without `from` it holds the period's default number of buckets.
 */
export const earningsQuerySchema = z
  .object({
    period: z.enum(earningsPeriods, { error: m.period }).default('day'),
    from: isoDay.optional(),
    to: isoDay.optional(),
  })
  .superRefine((value, context) => {
    if (value.from && value.to && value.from > value.to)
      context.addIssue({ code: 'custom', path: ['to'], message: m.rangeOrder });
  });
export type EarningsQuery = z.input<typeof earningsQuerySchema>;

const cents = z.number().int();

export const earningsByKindSchema = z.object({
  subscriptions: cents,
  renewals: cents,
  tips: cents,
  posts: cents,
  messages: cents,
  total: cents,
});
export type EarningsByKind = z.infer<typeof earningsByKindSchema>;

/** One day, week or month: `start` is its first day (YYYY-MM-DD, UTC). */
export const earningsBucketSchema = earningsByKindSchema.extend({ start: z.string() });
export type EarningsBucket = z.infer<typeof earningsBucketSchema>;

export const topPostEarningSchema = z.object({
  id: z.string(),
  /** The start of the post's description ('' when it has none). */
  excerpt: z.string(),
  earned: cents,
  /** Unlocks still earning something (a charged-back one no longer counts). */
  sales: z.number().int(),
});
export type TopPostEarning = z.infer<typeof topPostEarningSchema>;

export const topMessageEarningSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  /** The start of the message's text ('' when it is only photos or videos). */
  excerpt: z.string(),
  earned: cents,
  sales: z.number().int(),
});
export type TopMessageEarning = z.infer<typeof topMessageEarningSchema>;

export const earningsOverviewSchema = z.object({
  period: z.enum(earningsPeriods),
  /** The first day of the first bucket and the last day of the last (inclusive, UTC). */
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  /** Every bucket of the range, oldest first, empty ones included. */
  buckets: z.array(earningsBucketSchema),
  totals: earningsByKindSchema,
  topPosts: z.array(topPostEarningSchema),
  topMessages: z.array(topMessageEarningSchema),
});
export type EarningsOverview = z.infer<typeof earningsOverviewSchema>;
