import { CloudOff, LineChart, Sparkles } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { type EarningsPeriod, earningsPeriods } from '#common/earnings.ts';
import { pathTo } from '#common/routes.ts';
import type { EarningsOverview } from '#common/schemas/earnings.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/utils.ts';
import { useMyCreator } from '../../creators/index.ts';
import { useEarnings } from '../api/get-earnings.ts';
import { kinds, periodNames, usd } from '../format.ts';
import { EarningsChart } from './earnings-chart.tsx';
import { TopEarners } from './top-earners.tsx';

const periodOf = (value: string | null): EarningsPeriod =>
  earningsPeriods.find((period) => period === value) ?? 'day';

/** Day, week or month: toggle buttons, each saying whether it is the one shown. */
function PeriodSwitch({
  period,
  onChange,
}: {
  period: EarningsPeriod;
  onChange: (next: EarningsPeriod) => void;
}) {
  return (
    <fieldset className="inline-flex rounded-lg border border-border p-1">
      <legend className="sr-only">Period</legend>
      {earningsPeriods.map((option) => (
        <Button
          key={option}
          size="sm"
          variant={option === period ? 'secondary' : 'ghost'}
          aria-pressed={option === period}
          className="h-8"
          onClick={() => onChange(option)}
        >
          {periodNames[option].label}
        </Button>
      ))}
    </fieldset>
  );
}

function Totals({ overview }: { overview: EarningsOverview }) {
  const { totals, currency } = overview;
  return (
    <dl className="grid grid-cols-2 gap-3 @lg:grid-cols-3">
      <div className="flex min-w-0 flex-col gap-1 rounded-2xl border border-primary/40 bg-primary/5 p-3">
        <dt className="text-sm text-muted-foreground">Total</dt>
        <dd className="font-heading text-xl font-bold tabular-nums">{usd(totals.total, currency)}</dd>
      </div>
      {kinds.map((kind) => (
        <div key={kind.key} className="flex min-w-0 flex-col gap-1 rounded-2xl border border-border p-3">
          <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
            <span aria-hidden="true" className={cn('size-2 rounded-sm', kind.swatch)} />
            {kind.label}
          </dt>
          <dd className="font-semibold tabular-nums">{usd(totals[kind.key], currency)}</dd>
        </div>
      ))}
    </dl>
  );
}

function EarningsSkeleton() {
  return (
    <div role="status" aria-label="Loading your earnings" className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-3 @lg:grid-cols-3">
        <Skeleton className="h-20 rounded-2xl" />
        <Skeleton className="h-20 rounded-2xl" />
        <Skeleton className="h-20 rounded-2xl" />
      </div>
      <Skeleton className="h-64 rounded-2xl" />
      <Skeleton className="h-32 rounded-2xl" />
    </div>
  );
}

function NotCreator() {
  return (
    <EmptyState
      icon={LineChart}
      title="Earnings are for creators"
      description="When you are a creator, what you earn from subscriptions, tips, posts and messages shows here."
    >
      <Button asChild>
        <Link to={pathTo('creator')}>
          <Sparkles aria-hidden="true" />
          Become a Creator
        </Link>
      </Button>
    </EmptyState>
  );
}

/**
 * The creator's earnings overview: totals per kind, a stacked bar chart per day, week or month
 * (the period is kept in the address, `?period=`), and the posts and messages that earned the most.
 */
export function EarningsView({ userId }: { userId: string }) {
  const [params, setParams] = useSearchParams();
  const period = periodOf(params.get('period'));
  const me = useMyCreator(userId);
  const isCreator = me.data?.creator != null;
  const earnings = useEarnings(userId, period, isCreator);
  const forbidden = earnings.error instanceof ApiError && earnings.error.status === 403;
  if (me.data && (!isCreator || forbidden)) return <NotCreator />;

  const failed = me.isError ? me : earnings.isError ? earnings : null;
  const data = earnings.data;
  const choose = (next: EarningsPeriod) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === 'day') copy.delete('period');
        else copy.set('period', next);
        return copy;
      },
      { replace: true },
    );

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PeriodSwitch period={period} onChange={choose} />
        <p className="text-sm text-muted-foreground">{periodNames[period].range}</p>
      </div>
      {failed?.error ? (
        <EmptyState
          icon={CloudOff}
          title="Your earnings could not be loaded"
          description={failed.error.message}
        >
          <Button onClick={() => void failed.refetch()}>Try again</Button>
        </EmptyState>
      ) : !data ? (
        <EarningsSkeleton />
      ) : (
        <div
          aria-busy={earnings.isPlaceholderData}
          className={cn('flex min-w-0 flex-col gap-6', earnings.isPlaceholderData && 'opacity-60')}
        >
          {data.totals.total === 0 && data.topPosts.length === 0 && data.topMessages.length === 0 ? (
            <EmptyState
              icon={LineChart}
              title="No earnings yet"
              description={`Nothing earned in the ${periodNames[period].range.toLowerCase()}. When fans subscribe, tip, or unlock your posts and messages, your share shows here.`}
            />
          ) : (
            <>
              <section aria-labelledby="earnings-totals" className="flex flex-col gap-3">
                <h2 id="earnings-totals" className="sr-only">
                  Totals
                </h2>
                <Totals overview={data} />
              </section>
              <section aria-labelledby="earnings-chart" className="flex min-w-0 flex-col gap-3">
                <h2 id="earnings-chart" className="font-heading text-lg font-semibold">
                  Earnings by {data.period}
                </h2>
                <EarningsChart overview={data} />
              </section>
              <section aria-labelledby="earnings-top" className="flex min-w-0 flex-col gap-3">
                <h2 id="earnings-top" className="font-heading text-lg font-semibold">
                  What earned the most
                </h2>
                <TopEarners overview={data} />
              </section>
            </>
          )}
        </div>
      )}
    </div>
  );
}
