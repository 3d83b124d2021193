import { LoaderCircle } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import type { AdminPayout } from '#common/schemas/fan-payments.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { toast } from '../../../lib/toast.ts';
import { useMarkPayoutPaid } from '../api/mark-payout-paid.ts';
import { formatMoney } from '../format.ts';

interface MarkPaidDialogProps {
  payout: AdminPayout;
  onClose: () => void;
  returnFocusTo: HTMLElement | null;
}

/** The admin confirms the money was sent by hand, optionally with the transfer's reference. */
export function MarkPaidDialog({ payout, onClose, returnFocusTo }: MarkPaidDialogProps) {
  const id = useId();
  const [note, setNote] = useState('');
  const mark = useMarkPayoutPaid();

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      toast.success((await mark.mutateAsync({ id: payout.id, note: note.trim() })).message);
      onClose();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Request failed');
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !mark.isPending && onClose()}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (returnFocusTo?.isConnected) returnFocusTo.focus();
        }}
      >
        <DialogTitle>
          Mark {formatMoney(payout.amount)} to {payout.creator.displayName} as paid?
        </DialogTitle>
        <DialogDescription>
          Do this once the money has been sent to {payout.creator.email}. The creator's wallet shows it as
          paid out; this cannot be undone.
        </DialogDescription>
        <form onSubmit={(event) => void submit(event)} className="grid gap-4">
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-note`}>Transfer reference (optional)</Label>
            <Input
              id={`${id}-note`}
              value={note}
              maxLength={500}
              onChange={(event) => setNote(event.target.value)}
              placeholder="e.g. bank transfer 2026-03-14 #4471"
            />
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={onClose} disabled={mark.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={mark.isPending} aria-busy={mark.isPending || undefined}>
              {mark.isPending ? (
                <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
              ) : null}
              {mark.isPending ? 'Saving…' : 'Mark paid'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
