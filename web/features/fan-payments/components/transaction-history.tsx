import { Receipt } from 'lucide-react';
import { useState } from 'react';
import { type Transaction, transactionStatuses } from '#common/schemas/fan-payments.ts';
import { useSession } from '../../../lib/session.ts';
import { type TransactionFilters, useTransactions } from '../api/get-transactions.ts';
import { emptyFilters, isFiltered } from '../api/list-filters.ts';
import { ListFiltersBar } from './list-filters-bar.tsx';
import { ListLoadError, ListSkeleton, LoadMoreButton, NoMatches, NothingYet } from './list-states.tsx';
import { transactionStatusLabels } from './status-badge.tsx';
import { type TransactionDialogState, TransactionDialogs } from './transaction-dialogs.tsx';
import { TransactionRows } from './transaction-rows.tsx';

const statuses = transactionStatuses.map((value) => ({ value, label: transactionStatusLabels[value] }));

/**
 * Transaction History (spec section 2): the viewer's payments, refunds and (for creators) earnings
 * and payouts, with search, status and date filters; View Details and Delete on each row.
 */
export function TransactionHistory({ isCreator }: { isCreator: boolean }) {
  const session = useSession();
  const [filters, setFilters] = useState<TransactionFilters>(emptyFilters);
  const [resets, setResets] = useState(0);
  const [dialog, setDialog] = useState<TransactionDialogState | null>(null);
  const query = useTransactions(session?.user.id ?? '', filters);
  const items: Transaction[] = query.data?.pages.flatMap((page) => page.items) ?? [];

  function clear() {
    setFilters(emptyFilters());
    setResets((count) => count + 1);
  }

  let body: React.ReactNode;
  if (query.isPending) body = <ListSkeleton label="Loading transactions" />;
  else if (query.isError && !query.data)
    body = (
      <ListLoadError
        title="Transactions could not be loaded"
        message={query.error.message}
        onRetry={() => void query.refetch()}
      />
    );
  else if (items.length === 0)
    body = isFiltered(filters) ? (
      <NoMatches noun="transactions" onClear={clear} />
    ) : (
      <NothingYet
        icon={Receipt}
        title="No transactions yet"
        text={
          isCreator
            ? 'Payments you make and the earnings from your subscribers and sales will be listed here.'
            : 'Subscriptions and posts you pay for will be listed here.'
        }
      />
    );
  else
    body = (
      <>
        <TransactionRows
          items={items}
          onChoose={(action, transaction, returnFocusTo) => setDialog({ action, transaction, returnFocusTo })}
        />
        <LoadMoreButton query={query} />
      </>
    );

  return (
    <div className="flex flex-col gap-4">
      <ListFiltersBar
        key={resets}
        filters={filters}
        onChange={setFilters}
        onClear={clear}
        statuses={statuses}
        searchLabel="Search transactions"
        searchPlaceholder="Search by name, @handle or transaction ID"
        busy={query.isPlaceholderData && query.isFetching}
      />
      <div aria-live="polite" className="sr-only">
        {query.isPending || query.isPlaceholderData
          ? ''
          : `${items.length}${query.hasNextPage ? '+' : ''} ${items.length === 1 ? 'transaction' : 'transactions'}`}
      </div>
      <div className="flex flex-col gap-3">{body}</div>
      <TransactionDialogs dialog={dialog} onClose={() => setDialog(null)} />
    </div>
  );
}
