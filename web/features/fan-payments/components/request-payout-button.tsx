import { LoaderCircle } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import type { Wallet } from '#common/schemas/fan-payments.ts';
import type { PayoutQuote } from '#common/schemas/payouts.ts';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { toast } from '../../../lib/toast.ts';
import { centsToDollars, dollarsToCents, PayoutQuoteSummary, usePayoutQuote } from '../../payouts/index.ts';
import { newPayoutKey, useRequestPayout } from '../api/request-payout.ts';
import { formatMoney } from '../format.ts';

/** Why Request payout cannot be pressed now, or null when it can. */
export function payoutBlocker(wallet: Wallet): string | null {
  if (wallet.openPayout) return 'A payout is already on its way.';
  if (wallet.available.amount <= 0) return 'Nothing is available to pay out yet.';
  return null;
}

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Request failed';

/**
 * The dialog's steps: an amount (the whole available balance unless changed), "Review" asks the
 * server what it would be (the local amount and rate, or sent by hand; or why it cannot be made),
 * then "Confirm payout" makes it. The key is made once per opening of the dialog, so a retry or a
 * double click makes one payout.
 */
function RequestPayoutForm({
  wallet,
  request,
  onDone,
}: {
  wallet: Wallet;
  request: ReturnType<typeof useRequestPayout>;
  onDone: () => void;
}) {
  const id = useId();
  const [key] = useState(newPayoutKey);
  const [amount, setAmount] = useState(centsToDollars(wallet.available.amount));
  const [quote, setQuote] = useState<PayoutQuote | null>(null);
  const [error, setError] = useState<string | null>(null);
  const amountInput = useRef<HTMLInputElement>(null);
  const review = usePayoutQuote();
  const busy = review.isPending || request.isPending;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setError(null);
    if (!quote) {
      const cents = dollarsToCents(amount);
      if (cents === null || cents <= 0) {
        setError('Enter an amount in dollars, like 25 or 25.50');
        amountInput.current?.focus();
        return;
      }
      try {
        setQuote(await review.mutateAsync(cents));
      } catch (failure) {
        setError(messageOf(failure));
      }
      return;
    }
    try {
      const result = await request.mutateAsync({ amountCents: quote.amount.amount, idempotencyKey: key });
      toast.success(result.message);
      onDone();
    } catch (failure) {
      setError(messageOf(failure));
    }
  }

  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-amount`}>Amount (USD)</Label>
        <div className="relative">
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground"
          >
            $
          </span>
          <Input
            ref={amountInput}
            id={`${id}-amount`}
            inputMode="decimal"
            autoComplete="off"
            autoFocus
            className="pl-7"
            value={amount}
            disabled={busy}
            aria-invalid={error !== null && !quote ? true : undefined}
            aria-describedby={error ? `${errorId} ${hintId}` : hintId}
            onChange={(event) => {
              setAmount(event.target.value);
              setQuote(null);
              setError(null);
            }}
          />
        </div>
        <p id={hintId} className="text-xs text-muted-foreground">
          Available to pay out: {formatMoney(wallet.available)}
        </p>
      </div>
      {quote ? <PayoutQuoteSummary quote={quote} /> : null}
      {error ? (
        <p id={errorId} role="alert" className="rounded-lg bg-destructive/10 p-3 text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {quote ? (
          <Button
            type="button"
            variant="outline"
            disabled={busy}
            onClick={() => {
              setQuote(null);
              setError(null);
              amountInput.current?.focus();
            }}
          >
            Change amount
          </Button>
        ) : null}
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {busy ? <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" /> : null}
          {review.isPending
            ? 'Checking…'
            : request.isPending
              ? 'Requesting…'
              : quote
                ? `Confirm payout of ${formatMoney(quote.amount)}`
                : 'Review'}
        </Button>
      </div>
    </form>
  );
}

/** Opens the payout dialog; the dialog's content (and its key) is made anew each time it opens. */
export function RequestPayoutButton({ wallet }: { wallet: Wallet }) {
  const request = useRequestPayout();
  const [open, setOpen] = useState(false);
  const blocker = payoutBlocker(wallet);
  return (
    <div className="flex flex-col gap-1.5">
      <Dialog open={open} onOpenChange={(next) => (next || !request.isPending) && setOpen(next)}>
        <DialogTrigger asChild>
          <Button disabled={blocker !== null} aria-describedby={blocker ? 'payout-blocker' : undefined}>
            Request payout
          </Button>
        </DialogTrigger>
        <DialogContent className="max-h-[90dvh] max-w-md overflow-y-auto">
          <DialogTitle>Request a payout</DialogTitle>
          <DialogDescription>
            Choose how much to take from your available balance. You see what you receive before you confirm.
          </DialogDescription>
          <RequestPayoutForm wallet={wallet} request={request} onDone={() => setOpen(false)} />
        </DialogContent>
      </Dialog>
      {blocker ? (
        <p id="payout-blocker" className="text-xs text-muted-foreground">
          {blocker}
        </p>
      ) : null}
    </div>
  );
}
