/**
 * The earnings overview's periods, limits and messages, without zod, so a screen can use them
 * without loading the schemas (common/schemas/earnings.ts re-exports them).
 */

export const earningsPeriods = ['day', 'week', 'month'] as const;
export type EarningsPeriod = (typeof earningsPeriods)[number];

/** How many buckets a range may hold, and how many the overview shows when none is given. */
export const earningsRangeLimits: Record<EarningsPeriod, { max: number; default: number }> = {
  day: { max: 90, default: 30 },
  week: { max: 26, default: 12 },
  month: { max: 24, default: 12 },
};

/** How many posts and messages the overview ranks. */
export const earningsTopCount = 5;
/** Characters of a post's description or a message's text shown in the ranking. */
export const earningsExcerptChars = 80;

export const earningsKinds = ['subscriptions', 'renewals', 'tips', 'posts', 'messages'] as const;
export type EarningsKind = (typeof earningsKinds)[number];

export const earningsMessages = {
  period: 'Choose a period: day, week or month',
  invalidDate: 'Please choose a valid date (YYYY-MM-DD)',
  rangeOrder: 'The start date must be on or before the end date',
  tooLong: (period: EarningsPeriod) =>
    `Choose a shorter range: at most ${earningsRangeLimits[period].max} ${period}s at a time`,
} as const;
