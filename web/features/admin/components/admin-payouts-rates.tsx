import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck, TriangleAlert } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { type ExchangeRateView, payoutMessages, setExchangeRateSchema } from '#common/schemas/payouts.ts';
import { AdminOnlyState } from '../../../components/admin-gate.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { SettingsSection } from '../../../components/settings-section.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useExchangeRates, useSetExchangeRate } from '../api/exchange-rates.ts';
import { currencyNames, PAYOUTS_TASK } from '../payout-labels.ts';

/** The server's rule, and above zero: a rate of 0 would pay nothing. */
const rateFormSchema = z.object({
  rate: setExchangeRateSchema.shape.rate.refine((rate) => Number(rate) > 0, {
    error: payoutMessages.badRate,
  }),
});

function RateState({ rate }: { rate: ExchangeRateView }) {
  if (!rate.stale)
    return (
      <span className="inline-flex items-center gap-1 text-sm">
        <CircleCheck aria-hidden="true" className="size-4 text-emerald-700 dark:text-emerald-300" />
        In force
      </span>
    );
  return (
    <span className="inline-flex items-center gap-1 text-sm font-medium text-amber-800 dark:text-amber-300">
      <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
      {rate.rate === null ? 'Not set: payouts paused' : 'Stale: payouts paused'}
    </span>
  );
}

function RateForm({ currency }: { currency: string }) {
  const save = useSetExchangeRate();
  const form = useForm({ resolver: zodResolver(rateFormSchema), defaultValues: { rate: '' } });
  const error = form.formState.errors.rate?.message;

  const submit = form.handleSubmit(async ({ rate }) => {
    try {
      await save.mutateAsync({ currency, rate });
      toast.success(`The ${currency} rate is now ${rate} per US$1`);
      form.reset({ rate: '' });
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400)
        form.setError('rate', { message: failure.fields?.rate ?? failure.message }, { shouldFocus: true });
      else toast.error(failure instanceof Error ? failure.message : 'The rate could not be saved');
    }
  });

  return (
    <form
      noValidate
      aria-label={`Set the ${currency} rate`}
      onSubmit={submit}
      className="flex items-start gap-2"
    >
      <div className="min-w-0 flex-1">
        <FormField label={`New ${currency} rate`} error={error}>
          {(control) => (
            <Input
              inputMode="decimal"
              autoComplete="off"
              placeholder={`${currency} per US$1`}
              {...control}
              {...form.register('rate')}
            />
          )}
        </FormField>
      </div>
      <Button type="submit" variant="outline" className="mt-[1.375rem]" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save'}
        <span className="sr-only"> the {currency} rate</span>
      </Button>
    </form>
  );
}

const cell = 'block py-1 sm:table-cell sm:px-3 sm:py-3 sm:align-top';
const phoneLabel = 'block text-xs text-muted-foreground sm:hidden';

function RatesTable({ rates }: { rates: ExchangeRateView[] }) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Exchange rates, in local units per US dollar</caption>
      <thead className="sr-only sm:not-sr-only sm:table-header-group">
        <tr className="border-b border-border text-left text-muted-foreground">
          <th scope="col" className="px-3 py-2 font-medium">
            Currency
          </th>
          <th scope="col" className="px-3 py-2 font-medium">
            Rate per US$1
          </th>
          <th scope="col" className="px-3 py-2 font-medium">
            Set
          </th>
          <th scope="col" className="px-3 py-2 font-medium">
            State
          </th>
          <th scope="col" className="px-3 py-2 font-medium">
            New rate
          </th>
        </tr>
      </thead>
      <tbody>
        {rates.map((rate) => (
          <tr
            key={rate.currency}
            className="mb-3 block rounded-xl border border-border p-3 sm:mb-0 sm:table-row sm:rounded-none sm:border-0 sm:border-b sm:p-0"
          >
            <th scope="row" className={`${cell} text-left font-medium`}>
              {rate.currency}
              <span className="block text-xs font-normal text-muted-foreground">
                {currencyNames[rate.currency] ?? ''}
              </span>
            </th>
            <td className={`${cell} tabular-nums`}>
              <span className={phoneLabel}>Rate per US$1</span>
              {rate.rate ?? 'Not set'}
            </td>
            <td className={cell}>
              <span className={phoneLabel}>Set</span>
              {rate.setAt ? formatDateTime(rate.setAt) : 'Never'}
            </td>
            <td className={cell}>
              <RateState rate={rate} />
            </td>
            <td className={`${cell} sm:min-w-56`}>
              <RateForm currency={rate.currency} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The rates payouts are converted at; a missing or stale one pauses payouts in its currency. */
export function AdminPayoutsRates() {
  const rates = useExchangeRates();
  const maxAge = rates.data?.maxAgeHours;
  return (
    <SettingsSection
      title="Exchange rates"
      description={`How many units of each currency one US dollar buys. Payouts in a currency pause while its rate is missing or ${
        maxAge === undefined ? 'too old' : `older than ${maxAge} hours`
      }.`}
    >
      {rates.isPending ? (
        <div role="status">
          <span className="sr-only">Loading exchange rates…</span>
          <Skeleton className="h-40 w-full rounded-xl" />
        </div>
      ) : rates.isError ? (
        rates.error instanceof ApiError && rates.error.status === 403 ? (
          <AdminOnlyState task={PAYOUTS_TASK} />
        ) : (
          <LoadError message={rates.error.message} onRetry={() => void rates.refetch()} />
        )
      ) : (
        <RatesTable rates={rates.data.items} />
      )}
    </SettingsSection>
  );
}
