import { Eye, Trash2 } from 'lucide-react';
import type { Transaction } from '#common/schemas/fan-payments.ts';
import { personLabel } from '../../../lib/user-display.ts';
import { cn } from '../../../lib/utils.ts';
import { formatMoney, formatShortDate } from '../format.ts';
import { RowMenu } from './row-menu.tsx';
import { TransactionStatusBadge } from './status-badge.tsx';

export type TransactionAction = 'details' | 'delete';

/** '+$4.00' for money that came to the viewer, '−$5.00' for money that left. */
export function signedAmount(transaction: Pick<Transaction, 'amount' | 'direction'>): string {
  return `${transaction.direction === 'credit' ? '+' : '−'}${formatMoney(transaction.amount)}`;
}

const columns = '@2xl:grid-cols-[minmax(0,1fr)_7rem_6.5rem_6.5rem_2.25rem]';

interface TransactionRowsProps {
  items: Transaction[];
  onChoose: (action: TransactionAction, transaction: Transaction, trigger: HTMLElement | null) => void;
}

/**
 * Columns on a wide column, a card per transaction on a phone (one markup: the grid rearranges).
 * The column heads are for sighted readers; each cell is labelled for screen readers.
 */
export function TransactionRows({ items, onChoose }: TransactionRowsProps) {
  return (
    <div className="flex flex-col gap-2 @2xl:gap-0 @2xl:rounded-xl @2xl:border @2xl:border-border">
      <div
        aria-hidden="true"
        className={cn(
          'hidden gap-3 border-b border-border px-4 py-2 text-xs font-medium text-muted-foreground @2xl:grid',
          columns,
        )}
      >
        <span>Who</span>
        <span>Date</span>
        <span>Status</span>
        <span className="text-right">Amount</span>
        <span />
      </div>
      <ul
        aria-label="Transactions"
        className="flex flex-col gap-2 @2xl:gap-0 @2xl:divide-y @2xl:divide-border"
      >
        {items.map((transaction) => (
          <li
            key={transaction.id}
            className={cn(
              'grid grid-cols-[minmax(0,1fr)_auto_auto] items-center gap-x-3 gap-y-1 rounded-xl border border-border p-3 @2xl:rounded-none @2xl:border-0 @2xl:px-4',
              columns,
            )}
          >
            <div className="min-w-0">
              <p className="truncate text-sm font-medium">
                <span className="sr-only">Who: </span>
                {personLabel(transaction)}
              </p>
              <p className="truncate text-xs text-muted-foreground">{transaction.description}</p>
              <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted-foreground @2xl:hidden">
                <TransactionStatusBadge status={transaction.status} />
                <span>{formatShortDate(transaction.date)}</span>
              </p>
            </div>
            <span className="hidden text-sm text-muted-foreground @2xl:inline">
              <span className="sr-only">Date: </span>
              {formatShortDate(transaction.date)}
            </span>
            <span className="hidden @2xl:inline">
              <span className="sr-only">Status: </span>
              <TransactionStatusBadge status={transaction.status} />
            </span>
            <span
              className={cn(
                'text-right text-sm font-semibold tabular-nums',
                transaction.direction === 'credit' && 'text-emerald-700 dark:text-emerald-400',
              )}
            >
              <span className="sr-only">Amount: </span>
              {signedAmount(transaction)}
            </span>
            <RowMenu
              label={`Actions for transaction ${transaction.transactionId}`}
              items={[
                {
                  label: 'View Details',
                  icon: Eye,
                  onSelect: (trigger) => onChoose('details', transaction, trigger),
                },
                {
                  label: 'Delete',
                  icon: Trash2,
                  destructive: true,
                  onSelect: (trigger) => onChoose('delete', transaction, trigger),
                },
              ]}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
