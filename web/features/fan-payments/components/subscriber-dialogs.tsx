import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import type { Subscriber } from '#common/schemas/fan-payments.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../lib/toast.ts';
import { personLabel } from '../../../lib/user-display.ts';
import { BlockUserDialog } from '../../safety/index.ts';
import { fanPaymentKeys } from '../api/keys.ts';
import { useUnsubscribeSubscriber } from '../api/unsubscribe-subscriber.ts';
import { formatLongDate, formatLongDateTime, formatMoney } from '../format.ts';
import { DetailList } from './detail-list.tsx';
import { SubscriberStatusBadge } from './status-badge.tsx';
import type { SubscriberAction } from './subscriber-rows.tsx';

export interface SubscriberDialogState {
  action: Exclude<SubscriberAction, 'message'>;
  subscriber: Subscriber;
  returnFocusTo: HTMLElement | null;
}

interface BodyProps {
  subscriber: Subscriber;
  onClose: () => void;
}

/** The period's end in the tense it is in: a cancelled subscriber may keep access for days yet. */
function periodLabel(subscriber: Subscriber): string {
  if (subscriber.status === 'Subscribed') return 'Current period ends';
  return new Date(subscriber.currentPeriodEnd).getTime() > Date.now() ? 'Access ends' : 'Period ended';
}

function DetailsBody({ subscriber, onClose }: BodyProps) {
  const rows: [string, React.ReactNode][] = [
    ['Name', subscriber.name],
    ['Creator page', subscriber.handle ? `@${subscriber.handle}` : 'Not a creator'],
    ['Status', <SubscriberStatusBadge key="status" status={subscriber.status} />],
    ['Subscribed on', formatLongDateTime(subscriber.date)],
    ['Plan', subscriber.planName],
    ['Amount', formatMoney(subscriber.amount)],
    [periodLabel(subscriber), formatLongDate(subscriber.currentPeriodEnd)],
  ];
  if (subscriber.canceledAt) rows.push(['Cancelled on', formatLongDateTime(subscriber.canceledAt)]);
  if (subscriber.endedAt) rows.push(['Ended on', formatLongDateTime(subscriber.endedAt)]);
  if (subscriber.refunded) rows.push(['Refunded', formatMoney(subscriber.refunded)]);
  if (subscriber.blocked) rows.push(['Blocked', 'Yes']);
  return (
    <>
      <DialogTitle>{subscriber.name}</DialogTitle>
      <DialogDescription>Their subscription to you.</DialogDescription>
      <DetailList rows={rows} />
      <div className="flex justify-end">
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      </div>
    </>
  );
}

function UnsubscribeBody({ subscriber, onClose }: BodyProps) {
  const unsubscribe = useUnsubscribeSubscriber();
  async function confirm() {
    try {
      const result = await unsubscribe.mutateAsync(subscriber.id);
      toast.success(result.message);
      onClose();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Request failed');
    }
  }
  const who = personLabel(subscriber);
  return (
    <>
      <DialogTitle>Unsubscribe {who}?</DialogTitle>
      <DialogDescription asChild>
        <div className="grid gap-2">
          <p>This cancels their subscription immediately: they lose access to your subscriber posts now.</p>
          <p>
            They paid {formatMoney(subscriber.amount)} for a period that runs until{' '}
            {formatLongDate(subscriber.currentPeriodEnd)}. The unused part of it, counted pro rata by the day,
            is refunded to them and taken back from your earnings.
          </p>
        </div>
      </DialogDescription>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose} disabled={unsubscribe.isPending}>
          Cancel
        </Button>
        <Button
          variant="destructive"
          disabled={unsubscribe.isPending}
          aria-busy={unsubscribe.isPending || undefined}
          onClick={() => void confirm()}
        >
          {unsubscribe.isPending ? (
            <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
          ) : null}
          {unsubscribe.isPending ? 'Unsubscribing…' : 'Unsubscribe'}
        </Button>
      </div>
    </>
  );
}

/** The subscriber row menu's dialogs; one at a time, focus back on the row's menu button. */
export function SubscriberDialogs({
  dialog,
  onClose,
}: {
  dialog: SubscriberDialogState | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  if (!dialog) return null;
  const { action, subscriber, returnFocusTo } = dialog;
  if (action === 'block') {
    return (
      <BlockUserDialog
        open
        user={{ id: subscriber.userId, name: subscriber.name }}
        onOpenChange={(open) => {
          if (open) return;
          onClose();
          if (returnFocusTo?.isConnected) returnFocusTo.focus();
        }}
        onBlocked={() => void queryClient.invalidateQueries({ queryKey: fanPaymentKeys.all })}
      />
    );
  }
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (returnFocusTo?.isConnected) returnFocusTo.focus();
        }}
      >
        {action === 'details' ? <DetailsBody subscriber={subscriber} onClose={onClose} /> : null}
        {action === 'unsubscribe' ? <UnsubscribeBody subscriber={subscriber} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}
