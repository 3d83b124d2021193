import { LoaderCircle } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import type { AdminPayoutDetail } from '#common/schemas/payouts.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useMarkPayoutPaid } from '../api/admin-payout-actions.ts';

interface MarkPaidDialogProps {
  payout: AdminPayoutDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The admin says a payout by hand was sent, optionally with the bank transfer's reference. */
export function AdminPayoutsMarkPaidDialog({ payout, open, onOpenChange }: MarkPaidDialogProps) {
  const id = useId();
  const [note, setNote] = useState('');
  const mark = useMarkPayoutPaid();
  const { creator } = payout;

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      toast.success((await mark.mutateAsync({ id: payout.id, note: note.trim() })).message);
      onOpenChange(false);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The payout could not be marked paid');
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !mark.isPending && onOpenChange(next)}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogTitle>
          Mark {formatMoney(payout.amount)} to {creator.displayName} as paid?
        </DialogTitle>
        <DialogDescription>
          Do this once you have sent the money to {creator.displayName} ({creator.email}) yourself. Their
          wallet then shows it as paid out; this cannot be undone.
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
            <Button
              type="button"
              variant="outline"
              onClick={() => onOpenChange(false)}
              disabled={mark.isPending}
            >
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
