import { ArrowDownLeft, ArrowUpRight, Banknote, CircleSlash, ReceiptText } from 'lucide-react';
import { useState } from 'react';
import type { WalletEntry, WalletHistory as WalletHistoryPage } from '#common/schemas/fan-payments.ts';
import { LoadMoreButton, NothingYet } from '../../../components/paged-list/states.tsx';
import { cn } from '../../../lib/utils.ts';
import { useWalletHistory } from '../api/get-wallet-history.ts';
import { formatLongDate, formatShortDate, formatSigned } from '../format.ts';

const kinds = {
  earning: { label: 'Earning', icon: ArrowDownLeft },
  refund: { label: 'Refund', icon: ArrowUpRight },
  chargeback: { label: 'Chargeback', icon: CircleSlash },
  payout: { label: 'Payout', icon: Banknote },
} as const;

function availability(entry: WalletEntry, now: number): string | null {
  if (entry.kind !== 'earning' || !entry.availableAt) return null;
  return Date.parse(entry.availableAt) > now
    ? `Pending until ${formatLongDate(entry.availableAt)}`
    : 'Available';
}

function EntryRow({ entry, now }: { entry: WalletEntry; now: number }) {
  const { label, icon: Icon } = kinds[entry.kind];
  const note = availability(entry, now);
  return (
    <li className="flex items-center gap-3 p-3">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Icon aria-hidden="true" className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{entry.description}</p>
        <p className="truncate text-xs text-muted-foreground">
          {label} · {formatShortDate(entry.createdAt)}
          {note ? ` · ${note}` : ''}
        </p>
      </div>
      <span
        className={cn(
          'text-sm font-semibold tabular-nums',
          entry.amount.amount >= 0 ? 'text-emerald-700 dark:text-emerald-400' : 'text-foreground',
        )}
      >
        {formatSigned(entry.amount)}
      </span>
    </li>
  );
}

/** The wallet's lines from the ledger, newest first: the first page comes with the wallet, more on request. */
export function WalletHistory({ userId, first }: { userId: string; first: WalletHistoryPage }) {
  const [wantMore, setWantMore] = useState(false);
  const more = useWalletHistory(userId, first.nextCursor, wantMore);
  const [now] = useState(() => Date.now());
  const entries = [...first.items, ...(more.data?.pages.flatMap((page) => page.items) ?? [])];
  if (entries.length === 0)
    return (
      <NothingYet
        icon={ReceiptText}
        title="No earnings yet"
        text="When fans subscribe to you or buy your posts, your share is listed here."
      />
    );
  const lastCursor = more.data ? (more.data.pages.at(-1)?.nextCursor ?? null) : first.nextCursor;
  return (
    <div className="flex flex-col gap-3">
      <ul aria-label="Earnings history" className="divide-y divide-border rounded-xl border border-border">
        {entries.map((entry) => (
          <EntryRow key={entry.id} entry={entry} now={now} />
        ))}
      </ul>
      <LoadMoreButton
        query={{
          hasNextPage: lastCursor !== null,
          isFetchingNextPage: more.isFetching,
          isFetchNextPageError: more.isError,
          fetchNextPage: async () => {
            if (!wantMore) setWantMore(true);
            else if (!more.data) await more.refetch();
            else await more.fetchNextPage();
          },
        }}
      />
    </div>
  );
}
