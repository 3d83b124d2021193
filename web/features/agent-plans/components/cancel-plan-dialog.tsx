import { AlertDialog } from 'radix-ui';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/utils.ts';
import { formatDate } from '../format.ts';

/** Asks before cancelling: the plan stays until the end of the period, then nothing more is charged. */
export function CancelPlanDialog({
  planName,
  periodEnd,
  trialing,
  busy,
  onConfirm,
}: {
  planName: string;
  periodEnd: string;
  trialing: boolean;
  busy: boolean;
  onConfirm: () => void;
}) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>
        <Button variant="outline" disabled={busy}>
          Cancel plan
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50 motion-safe:animate-fade-in" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border border-border bg-background p-6 shadow-xl motion-safe:animate-fade-in">
          <AlertDialog.Title className="font-heading text-lg font-semibold">
            Cancel your {planName} plan?
          </AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-muted-foreground">
            {trialing
              ? `Your free trial continues until ${formatDate(periodEnd)} and you will not be charged.`
              : `You keep your plan until ${formatDate(periodEnd)} and it will not renew.`}{' '}
            Nothing is deleted: your account and data stay as they are.
          </AlertDialog.Description>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonVariants({ variant: 'outline' })}>
              Keep my plan
            </AlertDialog.Cancel>
            <AlertDialog.Action
              className={cn(buttonVariants({ variant: 'destructive' }))}
              onClick={onConfirm}
            >
              Cancel at period end
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
