import { LoaderCircle } from 'lucide-react';
import type { Transaction, TransactionDetail } from '#common/schemas/fan-payments.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { toast } from '../../../lib/toast.ts';
import { personLabel } from '../../../lib/user-display.ts';
import { useDeleteTransaction } from '../api/delete-transaction.ts';
import { useTransaction } from '../api/get-transaction.ts';
import { formatLongDateTime, formatMoney } from '../format.ts';
import { DetailList } from './detail-list.tsx';
import { TransactionStatusBadge } from './status-badge.tsx';
import { signedAmount, type TransactionAction } from './transaction-rows.tsx';

export interface TransactionDialogState {
  action: TransactionAction;
  transaction: Transaction;
  returnFocusTo: HTMLElement | null;
}

const kindLabels: Record<Transaction['kind'], string> = {
  payment: 'Payment',
  refund: 'Refund',
  earning: 'Earning',
  earning_reversal: 'Earning reversed',
  payout: 'Payout',
};

function detailRows(transaction: Transaction, detail: TransactionDetail | undefined) {
  const rows: [string, React.ReactNode][] = [
    [
      'ID',
      <span key="id" className="font-mono text-xs">
        {transaction.id}
      </span>,
    ],
    [
      'Transaction ID',
      <span key="reference" className="font-mono text-xs">
        {transaction.transactionId}
      </span>,
    ],
    ['Type', kindLabels[transaction.kind]],
    ['Who', personLabel(transaction)],
    ['Amount', signedAmount(transaction)],
    ['Method', transaction.paymentMethod],
    ['Date', formatLongDateTime(transaction.date)],
    ['Status', <TransactionStatusBadge key="status" status={transaction.status} />],
  ];
  if (detail?.breakdown) {
    rows.push(
      ['Paid by the fan', formatMoney(detail.breakdown.gross)],
      ['Platform fee', formatMoney(detail.breakdown.platformFee)],
      ["Creator's share", formatMoney(detail.breakdown.creatorEarning)],
    );
  }
  if (detail?.refunded) rows.push(['Refunded', formatMoney(detail.refunded)]);
  return rows;
}

function DetailsBody({ transaction, onClose }: { transaction: Transaction; onClose: () => void }) {
  const detail = useTransaction(transaction.id);
  return (
    <>
      <DialogTitle>Transaction details</DialogTitle>
      <DialogDescription>{transaction.description}</DialogDescription>
      <DetailList rows={detailRows(transaction, detail.data)} />
      {detail.isPending ? (
        <div role="status" aria-label="Loading the breakdown" className="grid gap-2">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      ) : detail.isError ? (
        <p role="alert" className="text-sm text-destructive">
          The fee breakdown could not be loaded: {detail.error.message}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      </div>
    </>
  );
}

function DeleteBody({ transaction, onClose }: { transaction: Transaction; onClose: () => void }) {
  const remove = useDeleteTransaction();
  async function confirm() {
    try {
      toast.success(await remove.mutateAsync(transaction.id));
      onClose();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Request failed');
    }
  }
  return (
    <>
      <DialogTitle>Delete this transaction?</DialogTitle>
      <DialogDescription>
        {signedAmount(transaction)} on {formatLongDateTime(transaction.date)} ({transaction.transactionId}) is
        removed from your list. Your payment records and balances are kept as they are.
      </DialogDescription>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button
          variant="destructive"
          disabled={remove.isPending}
          aria-busy={remove.isPending || undefined}
          onClick={() => void confirm()}
        >
          {remove.isPending ? <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" /> : null}
          {remove.isPending ? 'Deleting…' : 'Delete'}
        </Button>
      </div>
    </>
  );
}

/** View Details and Delete for one transaction; focus goes back to the row's menu button. */
export function TransactionDialogs({
  dialog,
  onClose,
}: {
  dialog: TransactionDialogState | null;
  onClose: () => void;
}) {
  if (!dialog) return null;
  const { action, transaction, returnFocusTo } = dialog;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (returnFocusTo?.isConnected) returnFocusTo.focus();
        }}
      >
        {action === 'details' ? <DetailsBody transaction={transaction} onClose={onClose} /> : null}
        {action === 'delete' ? <DeleteBody transaction={transaction} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}
