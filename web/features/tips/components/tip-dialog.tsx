import { LoaderCircle } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { tipDefaults, tipDollars, tipNoteMaxLength } from '#common/tips.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { trackButtonClick } from '../../../lib/analytics.ts';
import { formatPrice } from '../../../lib/format.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { cn } from '../../../lib/utils.ts';
import { useStartCheckout } from '../../fan-payments/index.ts';
import { checkTipAmount, dollarsToCents, newTipKey, quickAmounts } from '../amount.ts';
import { useSendTip } from '../api/send-tip.ts';
import { tipTexts as shared } from '../texts.ts';

/** The dialog's wording, loaded with it. */
const tipTexts = {
  ...shared,
  title: (name: string) => `Tip ${name}`,
  description:
    'Your tip goes to the creator once your payment goes through, and shows in your conversation with them.',
  amountLabel: 'Amount (USD)',
  limits: (min: string, max: string) => `From ${min} to ${max}.`,
  noteLabel: 'Note (optional)',
  notePlaceholder: 'Say thanks, or what you liked',
  submit: 'Send tip',
  submitAmount: (amount: string) => `Send ${amount} tip`,
  cancel: 'Cancel',
} as const;

interface TipDialogProps {
  creator: { handle: string; name: string };
  onClose: () => void;
  returnFocusTo: HTMLElement | null;
}

/**
 * The amount (dollars, within the server's limits from GET /api/config) and an optional note, then
 * the same checkout as unlocks: the browser goes to the provider's page and comes back here, where
 * the return check says "Tip sent". One key per tip: a double click or a retry is charged once; a
 * changed amount or note is a new tip.
 */
export function TipDialog({ creator, onClose, returnFocusTo }: TipDialogProps) {
  const id = useId();
  const config = usePublicConfig();
  const limits = config.data?.tips ?? tipDefaults;
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const key = useRef(newTipKey());
  const amountInput = useRef<HTMLInputElement>(null);
  const send = useSendTip(creator.handle);
  const checkout = useStartCheckout(tipTexts.signIn);
  const busy = checkout.busy;
  const cents = dollarsToCents(amount);
  const quick = quickAmounts(limits);

  function changed() {
    key.current = newTipKey();
    setError(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const checked = checkTipAmount(amount, limits);
    if ('error' in checked) {
      setError(checked.error);
      amountInput.current?.focus();
      return;
    }
    trackButtonClick('tip_checkout');
    const trimmed = note.trim();
    const outcome = await checkout.start(
      (returnTo, payWith) =>
        send.mutateAsync({
          amount: checked.cents,
          ...(trimmed ? { note: trimmed } : {}),
          idempotencyKey: key.current,
          returnTo,
          payWith,
        }),
      { amount: { amount: checked.cents, currency: 'USD' }, what: tipTexts.title(creator.name) },
    );
    // Sent in one tap: done. Declined: the next try (another card) is a new payment.
    if (outcome === 'paid' || outcome === 'pending') onClose();
    else if (outcome === 'declined') key.current = newTipKey();
  }

  const errorId = `${id}-amount-error`;
  const hintId = `${id}-amount-hint`;
  const counterId = `${id}-note-count`;
  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent
        className="max-h-[90dvh] overflow-y-auto"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (returnFocusTo?.isConnected) returnFocusTo.focus();
        }}
      >
        <DialogTitle>{tipTexts.title(creator.name)}</DialogTitle>
        <DialogDescription>{tipTexts.description}</DialogDescription>
        <form onSubmit={(event) => void submit(event)} className="grid gap-4" noValidate>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-amount`}>{tipTexts.amountLabel}</Label>
            {quick.length > 0 ? (
              <div className="flex flex-wrap gap-2">
                {quick.map((value) => (
                  <Button
                    key={value}
                    type="button"
                    size="sm"
                    variant={cents === value ? 'default' : 'outline'}
                    aria-pressed={cents === value}
                    disabled={busy}
                    onClick={() => {
                      setAmount(String(value / 100));
                      changed();
                    }}
                  >
                    {tipDollars(value)}
                  </Button>
                ))}
              </div>
            ) : null}
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
                name="amount"
                inputMode="decimal"
                autoComplete="off"
                autoFocus
                className="pl-7"
                placeholder="0.00"
                value={amount}
                disabled={busy}
                aria-invalid={error !== null || undefined}
                aria-describedby={error ? `${errorId} ${hintId}` : hintId}
                onChange={(event) => {
                  setAmount(event.target.value);
                  changed();
                }}
              />
            </div>
            {error ? (
              <p id={errorId} role="alert" className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
            <p id={hintId} className="text-xs text-muted-foreground">
              {tipTexts.limits(tipDollars(limits.minCents), tipDollars(limits.maxCents))}
            </p>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-note`}>{tipTexts.noteLabel}</Label>
            <Textarea
              id={`${id}-note`}
              name="note"
              value={note}
              maxLength={tipNoteMaxLength}
              rows={3}
              className="min-h-20"
              placeholder={tipTexts.notePlaceholder}
              disabled={busy}
              aria-describedby={counterId}
              onChange={(event) => {
                setNote(event.target.value.slice(0, tipNoteMaxLength));
                changed();
              }}
            />
            <p
              id={counterId}
              className={cn(
                'text-right text-xs text-muted-foreground tabular-nums',
                note.length >= tipNoteMaxLength && 'text-destructive',
              )}
            >
              {note.length}/{tipNoteMaxLength}
            </p>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
              {tipTexts.cancel}
            </Button>
            <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
              {busy ? <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" /> : null}
              {busy
                ? checkout.busyText
                : cents !== null && cents >= limits.minCents && cents <= limits.maxCents
                  ? tipTexts.submitAmount(formatPrice({ amount: cents, currency: 'USD' }))
                  : tipTexts.submit}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
