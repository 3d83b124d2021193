import type { EarningsBucket, EarningsKind, EarningsPeriod } from '#common/schemas/earnings.ts';
import { formatMoney, formatUtcDay, formatUtcMonth } from '../../lib/format.ts';

/** The kinds in the order the chart stacks them (bottom first), with their names and colours. */
export const kinds: { key: EarningsKind; label: string; fill: string; swatch: string }[] = [
  { key: 'subscriptions', label: 'Subscriptions', fill: 'fill-sky-500', swatch: 'bg-sky-500' },
  { key: 'renewals', label: 'Renewals', fill: 'fill-indigo-500', swatch: 'bg-indigo-500' },
  { key: 'tips', label: 'Tips', fill: 'fill-amber-500', swatch: 'bg-amber-500' },
  { key: 'posts', label: 'Posts', fill: 'fill-emerald-500', swatch: 'bg-emerald-500' },
  { key: 'messages', label: 'Messages', fill: 'fill-rose-500', swatch: 'bg-rose-500' },
];

export const periodNames: Record<EarningsPeriod, { label: string; range: string }> = {
  day: { label: 'Day', range: 'Last 30 days' },
  week: { label: 'Week', range: 'Last 12 weeks' },
  month: { label: 'Month', range: 'Last 12 months' },
};

/** A bucket's short name under the chart: '24 Nov', 'Nov 2026'. */
export function bucketLabel(start: string, period: EarningsPeriod): string {
  return period === 'month' ? formatUtcMonth(start, 'short') : formatUtcDay(start, 'short');
}

/** A bucket's full name: '24 Nov 2026', 'Week of 23 Nov 2026', 'November 2026' (UTC). */
export function bucketName(start: string, period: EarningsPeriod): string {
  if (period === 'month') return formatUtcMonth(start, 'long');
  const day = formatUtcDay(start, 'long');
  return period === 'week' ? `Week of ${day}` : day;
}

export const usd = (amount: number, currency = 'USD') => formatMoney({ amount, currency });

/** What a bar's tooltip says: its total, then each kind that earned something. */
export function bucketSummary(bucket: EarningsBucket, period: EarningsPeriod, currency: string): string {
  const parts = kinds
    .filter((kind) => bucket[kind.key] !== 0)
    .map((kind) => `${kind.label} ${usd(bucket[kind.key], currency)}`);
  const total = `${bucketName(bucket.start, period)}: ${usd(bucket.total, currency)}`;
  return parts.length > 0 ? `${total} (${parts.join(', ')})` : total;
}

/** A round number at or above `value` for the chart's scale: 1, 2 or 5 times a power of ten. */
export function niceCeiling(value: number): number {
  if (value <= 0) return 100;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((factor) => factor * power >= value) ?? 10;
  return step * power;
}
