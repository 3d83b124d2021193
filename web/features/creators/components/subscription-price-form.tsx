import { LoaderCircle } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import {
  type CreatorProfile,
  monthlyPriceProblem,
  parsePriceCents,
  priceInputFilter,
} from '#common/schemas/creators.ts';
import { priceChangeMessages } from '#common/schemas/fan-payments.ts';
import { FormField } from '../../../components/form-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useChangePrice } from '../api/change-price.ts';
import { PROFILE_UPDATE_FAILED, saveErrorOf } from '../save-error.ts';

const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * Edit Profile's "Subscription price": the monthly price after onboarding. Changing it asks first,
 * saying what happens: new subscribers pay it at once, current ones from their next renewal, each
 * told by email before and free to cancel. A page still in review cannot change it yet.
 */
export function SubscriptionPriceForm({ creator }: { creator: CreatorProfile }) {
  const change = useChangePrice();
  const currency = creator.price.monthly.currency;
  const [current, setCurrent] = useState(creator.price.monthly.amount);
  const [typed, setTyped] = useState(dollars(creator.price.monthly.amount));
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const approved = creator.status === 'approved';
  const money = (amount: number) => formatMoney({ amount, currency });

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = monthlyPriceProblem(typed);
    const cents = parsePriceCents(typed);
    if (problem || cents === null) return setError(problem);
    if (cents === current) return setError(priceChangeMessages.unchanged);
    setError(null);
    setConfirming(cents);
  }

  async function confirm(cents: number) {
    try {
      const done = await change.mutateAsync(dollars(cents));
      setCurrent(done.monthlyPrice.amount);
      setTyped(dollars(done.monthlyPrice.amount));
      toast.success(done.message);
    } catch (failure) {
      // The server's own words when it gave some (a 4xx); otherwise a plain retry.
      const { fields, toastMessage } = saveErrorOf(failure);
      setError(
        fields.monthlyPrice ??
          (toastMessage === PROFILE_UPDATE_FAILED
            ? 'Your price was not changed. Please try again.'
            : toastMessage),
      );
    } finally {
      setConfirming(null);
    }
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby="subscription-price-title"
      className="grid gap-3 rounded-xl border border-border p-4"
    >
      <h2 id="subscription-price-title" className="font-heading text-lg font-semibold">
        Subscription price
      </h2>
      {approved ? (
        <>
          <FormField
            label={`Monthly price (${currency})`}
            error={error ?? undefined}
            hint={`Now ${money(current)} a month. Between ${money(499)} and ${money(10_000)}; bundles are priced from it.`}
          >
            {(control) => (
              <div className="relative max-w-60">
                <span
                  aria-hidden="true"
                  className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-muted-foreground"
                >
                  $
                </span>
                <Input
                  {...control}
                  value={typed}
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="9.99"
                  maxLength={12}
                  onChange={(event) => {
                    setTyped(priceInputFilter(event.target.value));
                    setError(null);
                  }}
                  className="pl-7"
                />
              </div>
            )}
          </FormField>
          <Button type="submit" variant="outline" className="w-full sm:w-auto sm:justify-self-start">
            Change price
          </Button>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">
          Your price is {money(current)} a month. {priceChangeMessages.notApproved}.
        </p>
      )}
      <Dialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open && !change.isPending) setConfirming(null);
        }}
      >
        <DialogContent>
          <DialogTitle>{`Change your price to ${money(confirming ?? 0)} a month?`}</DialogTitle>
          <DialogDescription>
            {`New subscribers pay ${money(confirming ?? 0)} a month from now on. Current subscribers keep paying ${money(current)} until their next renewal, then pay the new price (bundles change with it). Each of them gets an email before, with the date, and can cancel before then.`}
          </DialogDescription>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => setConfirming(null)} disabled={change.isPending}>
              Cancel
            </Button>
            <Button
              onClick={() => confirming !== null && void confirm(confirming)}
              disabled={change.isPending}
              aria-busy={change.isPending || undefined}
            >
              {change.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
              {change.isPending ? 'Changing…' : 'Change price'}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </form>
  );
}
