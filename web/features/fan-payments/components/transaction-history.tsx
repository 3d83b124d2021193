import { Receipt } from 'lucide-react';
import { useState } from 'react';
import { transactionStatuses } from '#common/schemas/fan-payments.ts';
import { emptyFilters } from '../../../components/paged-list/filters.ts';
import { PagedList } from '../../../components/paged-list/paged-list.tsx';
import { useSession } from '../../../lib/session.ts';
import { type TransactionFilters, useTransactions } from '../api/get-transactions.ts';
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
  const [dialog, setDialog] = useState<TransactionDialogState | null>(null);
  const query = useTransactions(session?.user.id ?? '', filters);
  return (
    <PagedList
      query={query}
      filters={filters}
      onFiltersChange={setFilters}
      statuses={statuses}
      search={{ label: 'Search transactions', placeholder: 'Search by name, @handle or transaction ID' }}
      noun={{ one: 'transaction', many: 'transactions' }}
      empty={{
        icon: Receipt,
        title: 'No transactions yet',
        text: isCreator
          ? 'Payments you make and the earnings from your subscribers and sales will be listed here.'
          : 'Subscriptions and posts you pay for will be listed here.',
      }}
      renderRows={(items) => (
        <TransactionRows
          items={items}
          onChoose={(action, transaction, returnFocusTo) => setDialog({ action, transaction, returnFocusTo })}
        />
      )}
    >
      <TransactionDialogs dialog={dialog} onClose={() => setDialog(null)} />
    </PagedList>
  );
}
