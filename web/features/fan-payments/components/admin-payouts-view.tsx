import { Banknote } from 'lucide-react';
import { ToggleGroup } from 'radix-ui';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { pathTo } from '#common/routes.ts';
import type { AdminPayout, PayoutStatus } from '#common/schemas/fan-payments.ts';
import { AdminGate, AdminOnlyState } from '../../../components/admin-gate.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAdminPayouts } from '../api/get-admin-payouts.ts';
import { formatLongDateTime, formatMoney } from '../format.ts';
import { ListLoadError, ListSkeleton, LoadMoreButton } from './list-states.tsx';
import { MarkPaidDialog } from './mark-paid-dialog.tsx';
import { StatusPill } from './status-badge.tsx';

type Filter = PayoutStatus | 'all';
const filters: { value: Filter; label: string }[] = [
  { value: 'requested', label: 'Requested' },
  { value: 'paid', label: 'Paid' },
  { value: 'all', label: 'All' },
];
const isFilter = (value: string | null): value is Filter => filters.some((filter) => filter.value === value);

function PayoutItem({
  payout,
  onMarkPaid,
}: {
  payout: AdminPayout;
  onMarkPaid: (trigger: HTMLElement) => void;
}) {
  const { creator } = payout;
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 p-4">
      <div className="min-w-0 flex-1 basis-56">
        <Link
          to={pathTo('publicProfile', { id: creator.handle })}
          className="font-medium hover:underline focus-visible:rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {creator.displayName}
        </Link>
        <p className="truncate text-sm text-muted-foreground">
          @{creator.handle} · {creator.email}
        </p>
        <p className="mt-1 text-xs text-muted-foreground">
          Requested {formatLongDateTime(payout.requestedAt)}
          {payout.paidAt ? ` · Paid ${formatLongDateTime(payout.paidAt)}` : ''}
        </p>
        {payout.note ? <p className="mt-1 text-xs break-words">Note: {payout.note}</p> : null}
      </div>
      <div className="flex items-center gap-3">
        <span className="text-lg font-semibold tabular-nums">{formatMoney(payout.amount)}</span>
        {payout.status === 'paid' ? (
          <StatusPill tone="good" label="Paid" />
        ) : (
          <>
            <StatusPill tone="waiting" label="Requested" />
            <Button size="sm" onClick={(event) => onMarkPaid(event.currentTarget)}>
              Mark paid
              <span className="sr-only"> for {creator.displayName}</span>
            </Button>
          </>
        )}
      </div>
    </li>
  );
}

function PayoutList({ status }: { status: Filter }) {
  const query = useAdminPayouts(status);
  const [marking, setMarking] = useState<{ payout: AdminPayout; trigger: HTMLElement } | null>(null);
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  if (query.isPending) return <ListSkeleton label="Loading payouts" />;
  if (query.isError && !query.data) {
    if (query.error instanceof ApiError && query.error.status === 403)
      return <AdminOnlyState task="settle creator payouts" />;
    return (
      <ListLoadError
        title="Payouts could not be loaded"
        message={query.error.message}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (items.length === 0)
    return (
      <EmptyState
        icon={Banknote}
        title={status === 'requested' ? 'No payouts waiting' : 'No payouts yet'}
        description={
          status === 'requested'
            ? 'When a creator requests a payout of their available balance, it is listed here to be sent.'
            : 'Payouts creators request, and those already paid, are listed here.'
        }
      />
    );
  return (
    <div className="flex flex-col gap-3">
      <ul aria-label="Payouts" className="divide-y divide-border rounded-xl border border-border">
        {items.map((payout) => (
          <PayoutItem
            key={payout.id}
            payout={payout}
            onMarkPaid={(trigger) => setMarking({ payout, trigger })}
          />
        ))}
      </ul>
      <LoadMoreButton query={query} />
      {marking ? (
        <MarkPaidDialog
          payout={marking.payout}
          returnFocusTo={marking.trigger}
          onClose={() => setMarking(null)}
        />
      ) : null}
    </div>
  );
}

/** Payout requests for admins, oldest waiting first; the status lives in the URL. */
export function AdminPayoutsView() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('status');
  const status: Filter = isFilter(requested) ? requested : 'requested';

  return (
    <AdminGate task="settle creator payouts">
      <div className="flex flex-col gap-5">
        <ToggleGroup.Root
          type="single"
          aria-label="Status"
          value={status}
          onValueChange={(next) =>
            next && setParams(next === 'requested' ? {} : { status: next }, { replace: true })
          }
          className="inline-flex flex-wrap gap-1 self-start rounded-lg bg-muted p-1"
        >
          {filters.map((filter) => (
            <ToggleGroup.Item
              key={filter.value}
              value={filter.value}
              className="rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring data-[state=on]:bg-background data-[state=on]:text-foreground data-[state=on]:shadow-sm"
            >
              {filter.label}
            </ToggleGroup.Item>
          ))}
        </ToggleGroup.Root>
        <PayoutList key={status} status={status} />
      </div>
    </AdminGate>
  );
}
