import { CircleCheck, LoaderCircle, RefreshCw, TriangleAlert } from 'lucide-react';
import type { ReconcileReportView } from '#common/schemas/payouts.ts';
import { AdminOnlyState } from '../../../components/admin-gate.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { SettingsSection } from '../../../components/settings-section.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useLatestReconcile, useRunReconcile } from '../api/payout-reconcile.ts';
import { differenceKindLabels, PAYOUTS_TASK } from '../payout-labels.ts';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function Differences({ differences }: { differences: ReconcileReportView['differences'] }) {
  if (differences.length === 0)
    return (
      <p className="flex items-center gap-2 text-sm">
        <CircleCheck aria-hidden="true" className="size-4 text-emerald-700 dark:text-emerald-300" />
        No differences
      </p>
    );
  return (
    <ul aria-label="Differences" className="flex flex-col gap-2">
      {differences.map((difference) => (
        <li
          // A reference differs at most once in each way (amount, status).
          key={`${difference.reference}-${difference.kind}`}
          className="flex gap-2 rounded-lg border border-border p-3 text-sm"
        >
          <TriangleAlert
            aria-hidden="true"
            className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-300"
          />
          <div className="min-w-0">
            <p className="font-medium">
              {differenceKindLabels[difference.kind]}:{' '}
              <code className="text-xs font-normal break-all">{difference.reference}</code>
            </p>
            <p className="break-words text-muted-foreground">{difference.detail}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

function Balances({ balances }: { balances: ReconcileReportView['balances'] }) {
  if (balances.length === 0) return <p className="text-sm text-muted-foreground">No payouts are due.</p>;
  return (
    <ul aria-label="Balances" className="grid gap-2 sm:grid-cols-2">
      {balances.map((balance) => (
        <li key={balance.currency} className="rounded-lg border border-border p-3 text-sm">
          <p className="font-medium">{balance.currency}</p>
          <p className="tabular-nums">
            {formatMoney(balance.balance)} held, {formatMoney(balance.due)} due
          </p>
          {balance.short ? (
            <p className="mt-1 flex items-center gap-1 font-medium text-destructive">
              <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
              Short: top up the Paystack balance
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function Report({ report }: { report: ReconcileReportView }) {
  return (
    <div className="flex flex-col gap-5">
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-y-2">
        <dt className="text-muted-foreground">Ran</dt>
        <dd className="mb-1 sm:mb-0">{formatDateTime(report.ranAt)}</dd>
        <dt className="text-muted-foreground">Period</dt>
        <dd className="mb-1 sm:mb-0">
          {formatDateTime(report.from)} to {formatDateTime(report.to)}
        </dd>
        <dt className="text-muted-foreground">Compared</dt>
        <dd>{plural(report.compared, 'transfer payout', 'transfer payouts')}</dd>
      </dl>
      <div className="flex flex-col gap-2">
        <h3 className="font-heading font-semibold">Differences</h3>
        <Differences differences={report.differences} />
      </div>
      <div className="flex flex-col gap-2">
        <h3 className="font-heading font-semibold">Paystack balance against payouts due</h3>
        <Balances balances={report.balances} />
      </div>
    </div>
  );
}

/** Our transfer payouts against Paystack's transfers and balance: the daily result, or one run now. */
export function AdminPayoutsReconcile() {
  const latest = useLatestReconcile();
  const run = useRunReconcile();
  const enabled = latest.data?.transfersEnabled === true;

  async function runNow() {
    try {
      const { report } = await run.mutateAsync();
      toast.success(
        report
          ? `Compared ${plural(report.compared, 'payout', 'payouts')}: ${plural(report.differences.length, 'difference', 'differences')}`
          : 'Compared',
      );
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The comparison could not be run');
    }
  }

  return (
    <SettingsSection
      title="Reconciliation"
      description="Every day our transfer payouts are compared with Paystack's transfers, and its balance with what is still due."
      aside={
        enabled ? (
          <Button
            variant="outline"
            disabled={run.isPending}
            aria-busy={run.isPending || undefined}
            onClick={() => void runNow()}
          >
            {run.isPending ? (
              <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
            ) : (
              <RefreshCw aria-hidden="true" />
            )}
            {run.isPending ? 'Running…' : 'Run now'}
          </Button>
        ) : null
      }
    >
      {latest.isPending ? (
        <div role="status">
          <span className="sr-only">Loading the reconciliation…</span>
          <Skeleton className="h-32 w-full rounded-xl" />
        </div>
      ) : latest.isError ? (
        latest.error instanceof ApiError && latest.error.status === 403 ? (
          <AdminOnlyState task={PAYOUTS_TASK} />
        ) : (
          <LoadError message={latest.error.message} onRetry={() => void latest.refetch()} />
        )
      ) : !latest.data.transfersEnabled ? (
        <p className="text-sm">
          Payouts are sent by hand only on this server: there are no bank transfers to compare.
        </p>
      ) : latest.data.report ? (
        <Report report={latest.data.report} />
      ) : (
        <p className="text-sm text-muted-foreground">
          Not run yet. It runs every day; run it now to compare straight away.
        </p>
      )}
    </SettingsSection>
  );
}
