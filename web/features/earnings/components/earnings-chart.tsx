import { useId, useState } from 'react';
import type { EarningsOverview } from '#common/schemas/earnings.ts';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/utils.ts';
import { bucketLabel, bucketName, bucketSummary, kinds, niceCeiling, usd } from '../format.ts';

/** The chart's own units: each bucket is BAR wide, the plot HEIGHT tall; the SVG stretches to fit. */
const BAR = 10;
const HEIGHT = 100;
const GAP = 0.25;

/** Three labels under the chart: the first bucket, the middle one and the last. */
function axisLabels(overview: EarningsOverview): { start: string; label: string }[] {
  const { buckets, period } = overview;
  const picks = [...new Set([0, Math.floor((buckets.length - 1) / 2), buckets.length - 1])];
  return picks.flatMap((index) => {
    const bucket = buckets[index];
    return bucket ? [{ start: bucket.start, label: bucketLabel(bucket.start, period) }] : [];
  });
}

/**
 * A stacked bar per day, week or month, one colour per kind, drawn as plain SVG. Each bar's title
 * gives its figures as a tooltip; the same numbers are in a table that is always there for screen
 * readers and shows on request.
 */
export function EarningsChart({ overview }: { overview: EarningsOverview }) {
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const { buckets, period, currency } = overview;
  const top = niceCeiling(Math.max(0, ...buckets.map((bucket) => bucket.total)));
  const scale = (amount: number) => (Math.max(0, amount) / top) * HEIGHT;
  const width = Math.max(1, buckets.length) * BAR;
  const summary = `Earnings per ${period} from ${bucketName(overview.from, 'day')} to ${bucketName(overview.to, 'day')}: ${usd(overview.totals.total, currency)} in all`;

  return (
    <figure className="flex min-w-0 flex-col gap-3">
      <ul aria-label="Legend" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        {kinds.map((kind) => (
          <li key={kind.key} className="flex items-center gap-1.5">
            <span aria-hidden="true" className={cn('size-2.5 rounded-sm', kind.swatch)} />
            {kind.label}
          </li>
        ))}
      </ul>
      <div className="flex min-w-0 gap-2">
        <div
          aria-hidden="true"
          className="flex h-48 shrink-0 flex-col justify-between text-right text-[0.7rem] tabular-nums text-muted-foreground"
        >
          <span>{usd(top, currency)}</span>
          <span>{usd(top / 2, currency)}</span>
          <span>{usd(0, currency)}</span>
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <svg
            role="img"
            aria-label={summary}
            viewBox={`0 0 ${width} ${HEIGHT}`}
            preserveAspectRatio="none"
            className="h-48 w-full overflow-visible"
          >
            {[0, HEIGHT / 2, HEIGHT].map((y) => (
              <line
                key={y}
                x1={0}
                x2={width}
                y1={y}
                y2={y}
                vectorEffect="non-scaling-stroke"
                className="stroke-border"
                strokeWidth={1}
              />
            ))}
            {buckets.map((bucket, index) => {
              let base = HEIGHT;
              return (
                <g key={bucket.start} data-bucket={bucket.start}>
                  <title>{bucketSummary(bucket, period, currency)}</title>
                  {/* The whole column answers the pointer, so a small bar's tooltip is easy to reach. */}
                  <rect x={index * BAR} y={0} width={BAR} height={HEIGHT} className="fill-transparent" />
                  {kinds.map((kind) => {
                    const height = scale(bucket[kind.key]);
                    if (height <= 0) return null;
                    base -= height;
                    return (
                      <rect
                        key={kind.key}
                        x={index * BAR + (BAR * GAP) / 2}
                        y={base}
                        width={BAR * (1 - GAP)}
                        height={height}
                        className={kind.fill}
                      />
                    );
                  })}
                </g>
              );
            })}
          </svg>
          <div aria-hidden="true" className="flex justify-between text-[0.7rem] text-muted-foreground">
            {axisLabels(overview).map((axis) => (
              <span key={axis.start}>{axis.label}</span>
            ))}
          </div>
        </div>
      </div>
      <figcaption className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
        <span>Your share after the platform fee, net of refunds and chargebacks (UTC).</span>
        <Button
          variant="link"
          size="sm"
          className="h-auto px-0"
          aria-expanded={showTable}
          aria-controls={tableId}
          onClick={() => setShowTable((shown) => !shown)}
        >
          {showTable ? 'Hide table' : 'Show as table'}
        </Button>
      </figcaption>
      <div id={tableId} className={cn(showTable ? 'max-w-full overflow-x-auto' : 'sr-only')}>
        <table className="w-full text-right text-sm tabular-nums">
          <caption className="sr-only">Earnings per {period}</caption>
          <thead className="text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="py-1 pr-3 text-left font-medium">
                {period === 'day' ? 'Day' : period === 'week' ? 'Week' : 'Month'}
              </th>
              {kinds.map((kind) => (
                <th key={kind.key} scope="col" className="px-2 py-1 font-medium">
                  {kind.label}
                </th>
              ))}
              <th scope="col" className="py-1 pl-2 font-medium">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {buckets.map((bucket) => (
              <tr key={bucket.start} className="border-t border-border">
                <th scope="row" className="whitespace-nowrap py-1 pr-3 text-left font-normal">
                  {bucketName(bucket.start, period)}
                </th>
                {kinds.map((kind) => (
                  <td key={kind.key} className="px-2 py-1">
                    {usd(bucket[kind.key], currency)}
                  </td>
                ))}
                <td className="py-1 pl-2 font-medium">{usd(bucket.total, currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
