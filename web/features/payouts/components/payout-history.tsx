import { Banknote } from 'lucide-react';
import type { PayoutDetail } from '#common/schemas/payouts.ts';
import {
  ListLoadError,
  ListSkeleton,
  LoadMoreButton,
  NothingYet,
} from '../../../components/paged-list/states.tsx';
import { usePayouts } from '../api/get-payouts.ts';
import {
  accountLine,
  formatLongDate,
  formatMoney,
  formatShortDate,
  isOpenPayout,
  isReturnedPayout,
  localAmountText,
} from '../format.ts';
import { PayoutStatusBadge } from './payout-status-badge.tsx';

/** What happened last, in a few words, with its date. */
function progressLine(payout: PayoutDetail): string {
  if (payout.status === 'paid' && payout.paidAt) return `Paid ${formatShortDate(payout.paidAt)}`;
  if (payout.status === 'reversed' && payout.returnedAt)
    return `Returned ${formatShortDate(payout.returnedAt)}`;
  if (payout.status === 'failed' && payout.returnedAt) return `Failed ${formatShortDate(payout.returnedAt)}`;
  if (payout.initiatedAt) return `Sent ${formatShortDate(payout.initiatedAt)}`;
  return `${payout.origin === 'weekly' ? 'Weekly payout' : 'Requested'} ${formatShortDate(payout.requestedAt)}`;
}

function PayoutRow({ payout }: { payout: PayoutDetail }) {
  const open = isOpenPayout(payout.status);
  return (
    <li className="flex flex-col gap-2 p-3 sm:p-4">
      <div className="flex flex-col gap-1.5 sm:flex-row sm:items-start sm:justify-between sm:gap-3">
        <div className="min-w-0">
          <p className="font-heading text-base font-semibold tabular-nums">{formatMoney(payout.amount)}</p>
          {payout.local ? (
            <p className="text-sm text-muted-foreground">{localAmountText(payout.local, payout.rate)}</p>
          ) : null}
        </div>
        <PayoutStatusBadge status={payout.status} className="self-start" />
      </div>
      <p className="text-xs text-muted-foreground">
        {progressLine(payout)}
        {payout.origin === 'weekly' && payout.initiatedAt ? ' · Weekly payout' : ''}
        {payout.method === 'manual' ? ' · Sent by an admin by hand' : ''}
      </p>
      {open && payout.expectedBy ? (
        <p className="text-sm">Expected to arrive by {formatLongDate(payout.expectedBy)}</p>
      ) : null}
      {open && payout.status === 'otp' ? (
        <p className="text-sm">The payment provider is waiting for an admin to approve this payout.</p>
      ) : null}
      {isReturnedPayout(payout.status) ? (
        <p className="rounded-lg bg-destructive/10 p-2 text-sm">
          {payout.failureReason ? `${payout.failureReason.trim().replace(/\.$/, '')}. ` : ''}
          The money is back in your available balance.
        </p>
      ) : null}
      <dl className="grid gap-x-4 gap-y-1 text-xs text-muted-foreground sm:grid-cols-2">
        {payout.account ? (
          <div className="flex min-w-0 gap-1">
            <dt>To</dt>
            <dd className="truncate text-foreground">{accountLine(payout.account)}</dd>
          </div>
        ) : null}
        <div className="flex min-w-0 gap-1">
          <dt>Reference</dt>
          <dd className="break-all font-mono text-foreground">{payout.reference}</dd>
        </div>
        {payout.note ? (
          <div className="flex min-w-0 gap-1 sm:col-span-2">
            <dt>Note</dt>
            <dd className="text-foreground">{payout.note}</dd>
          </div>
        ) : null}
      </dl>
    </li>
  );
}

/** Every payout, newest first, with where it stands; more on request. */
export function PayoutHistory({ userId }: { userId: string }) {
  const query = usePayouts(userId);
  if (query.isPending) return <ListSkeleton label="Loading your payouts" rows={2} />;
  if (query.isError && !query.data)
    return (
      <ListLoadError
        title="Your payouts could not be loaded"
        message={query.error.message}
        onRetry={() => void query.refetch()}
      />
    );
  const payouts = query.data.pages.flatMap((page) => page.items);
  if (payouts.length === 0)
    return (
      <NothingYet
        icon={Banknote}
        title="No payouts yet"
        text="When you are paid, each payout is listed here with where it stands."
      />
    );
  return (
    <div className="flex flex-col gap-3">
      <ul aria-label="Payouts" className="divide-y divide-border rounded-xl border border-border">
        {payouts.map((payout) => (
          <PayoutRow key={payout.id} payout={payout} />
        ))}
      </ul>
      <LoadMoreButton query={query} />
    </div>
  );
}
