import {
  type EarningsPeriod,
  earningsExcerptChars,
  earningsKinds,
  earningsRangeLimits,
  earningsTopCount,
  earningsMessages as m,
} from '../../../../common/schemas/earnings.ts';
import { badRequest } from '../../../errors.ts';
import type { Clock } from '../../../lib/clock.ts';
import { actorOf, assertCan } from '../../../policies/access.ts';
import type { Viewer } from '../../../policies/actions/creators.ts';
import type {
  EarningsBucketRow,
  EarningsRepository,
  TopMessageRow,
  TopPostRow,
} from '../../../repositories/billing/fan-payments/earnings.repository.ts';
import type { CreatorsRepository } from '../../../repositories/creators/creators.repository.ts';

const CURRENCY = 'USD';
const DAY_MS = 24 * 60 * 60 * 1000;

export type EarningsAmounts = Omit<EarningsBucketRow, 'start'> & { total: number };

export interface EarningsOverviewResult {
  period: EarningsPeriod;
  /** First day of the first bucket and last day of the last, YYYY-MM-DD (UTC). */
  from: string;
  to: string;
  currency: string;
  buckets: (EarningsAmounts & { start: string })[];
  totals: EarningsAmounts;
  topPosts: TopPostRow[];
  topMessages: TopMessageRow[];
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const parseDay = (day: string) => new Date(`${day}T00:00:00Z`);

/** Midnight UTC of the first day of the day, week (Monday first, as date_trunc) or month. */
export function periodStart(date: Date, period: EarningsPeriod): Date {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  if (period === 'day') return day;
  if (period === 'week') return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS);
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 1));
}

export function addPeriods(start: Date, period: EarningsPeriod, count: number): Date {
  if (period === 'day') return new Date(start.getTime() + count * DAY_MS);
  if (period === 'week') return new Date(start.getTime() + count * 7 * DAY_MS);
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + count, 1));
}

/**
 * The buckets a request covers: `from` and `to` widen to their whole day, week or month; `to`
 * defaults to today and `from` to the period's default number of buckets ending with `to`'s.
 * Refuses a range longer than the period allows (common/schemas/earnings.ts).
 */
export function earningsRange(
  query: { period: EarningsPeriod; from?: string | undefined; to?: string | undefined },
  today: Date,
): { starts: Date[]; until: Date } {
  const { period } = query;
  const limits = earningsRangeLimits[period];
  const last = periodStart(query.to ? parseDay(query.to) : today, period);
  const first = query.from
    ? periodStart(parseDay(query.from), period)
    : addPeriods(last, period, 1 - limits.default);
  if (first > last) throw badRequest(m.rangeOrder, { [query.to ? 'to' : 'from']: m.rangeOrder });
  const starts: Date[] = [];
  for (let start = first; start <= last; start = addPeriods(start, period, 1)) {
    starts.push(start);
    if (starts.length > limits.max) throw badRequest(m.tooLong(period), { from: m.tooLong(period) });
  }
  return { starts, until: addPeriods(last, period, 1) };
}

const emptyAmounts = (): EarningsAmounts => ({
  subscriptions: 0,
  renewals: 0,
  tips: 0,
  posts: 0,
  messages: 0,
  total: 0,
});

const withTotal = (row: Omit<EarningsBucketRow, 'start'>): EarningsAmounts => ({
  subscriptions: row.subscriptions,
  renewals: row.renewals,
  tips: row.tips,
  posts: row.posts,
  messages: row.messages,
  total: earningsKinds.reduce((sum, kind) => sum + row[kind], 0),
});

/**
 * The earnings overview of a creator (an approved creator or one whose page was approved before:
 * anyone with a creator profile, as the wallet decides in wallet.service.ts). One query per request
 * (server/repositories/billing/fan-payments/earnings.repository.ts says why it reads the ledger); the empty buckets are
 * filled in here so a chart has no gaps.
 */
export function createEarningsService(deps: {
  earnings: EarningsRepository;
  creators: Pick<CreatorsRepository, 'findByUserId'>;
  clock: Clock;
}) {
  return {
    async overview(
      user: Viewer,
      query: { period: EarningsPeriod; from?: string | undefined; to?: string | undefined },
    ): Promise<EarningsOverviewResult> {
      const creator = await deps.creators.findByUserId(user.id);
      assertCan(actorOf(user), 'creator:books', { creatorUserId: creator?.userId ?? null });
      const { starts, until } = earningsRange(query, deps.clock.now());
      const first = starts[0] as Date;
      const rows = await deps.earnings.overview(user.id, {
        unit: query.period,
        from: first,
        until,
        currency: CURRENCY,
        top: earningsTopCount,
        excerpt: earningsExcerptChars,
      });
      const byStart = new Map(rows.buckets.map((row) => [row.start, row]));
      const totals = emptyAmounts();
      const buckets = starts.map((start) => {
        const row = byStart.get(dayOf(start));
        const amounts = row ? withTotal(row) : emptyAmounts();
        for (const kind of [...earningsKinds, 'total'] as const) totals[kind] += amounts[kind];
        return { start: dayOf(start), ...amounts };
      });
      return {
        period: query.period,
        from: dayOf(first),
        to: dayOf(new Date(until.getTime() - DAY_MS)),
        currency: CURRENCY,
        buckets,
        totals,
        topPosts: rows.topPosts,
        topMessages: rows.topMessages,
      };
    },
  };
}

export type EarningsService = ReturnType<typeof createEarningsService>;
