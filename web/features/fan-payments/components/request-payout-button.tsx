import { LoaderCircle } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import type { Wallet } from '#common/schemas/fan-payments.ts';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { toast } from '../../../lib/toast.ts';
import { useRequestPayout } from '../api/request-payout.ts';
import { formatMoney } from '../format.ts';

/** Why Request payout cannot be pressed now, or null when it can. */
export function payoutBlocker(wallet: Wallet): string | null {
  if (wallet.openPayout) return 'A payout is already on its way.';
  if (wallet.available.amount <= 0) return 'Nothing is available to pay out yet.';
  return null;
}

/** Asks for the whole available balance after a confirm; an admin sends it and marks it paid. */
export function RequestPayoutButton({ wallet }: { wallet: Wallet }) {
  const request = useRequestPayout();
  const blocker = payoutBlocker(wallet);
  async function confirm() {
    try {
      toast.success((await request.mutateAsync()).message);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Request failed');
    }
  }
  return (
    <div className="flex flex-col gap-1.5">
      <AlertDialog.Root>
        <AlertDialog.Trigger asChild>
          <Button
            disabled={blocker !== null || request.isPending}
            aria-describedby={blocker ? 'payout-blocker' : undefined}
          >
            {request.isPending ? (
              <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
            ) : null}
            {request.isPending ? 'Requesting…' : 'Request payout'}
          </Button>
        </AlertDialog.Trigger>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50 motion-safe:animate-fade-in" />
          <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border border-border bg-background p-6 shadow-xl motion-safe:animate-fade-in">
            <AlertDialog.Title className="font-heading text-lg font-semibold">
              Request a payout of {formatMoney(wallet.available)}?
            </AlertDialog.Title>
            <AlertDialog.Description className="text-sm text-muted-foreground">
              Your whole available balance is set aside for this payout. An admin sends it to you by bank
              transfer and marks it paid; you will see it here when they do.
            </AlertDialog.Description>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <AlertDialog.Cancel className={buttonVariants({ variant: 'outline' })}>
                Not now
              </AlertDialog.Cancel>
              <AlertDialog.Action className={buttonVariants()} onClick={() => void confirm()}>
                Request payout
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
      {blocker ? (
        <p id="payout-blocker" className="text-xs text-muted-foreground">
          {blocker}
        </p>
      ) : null}
    </div>
  );
}
