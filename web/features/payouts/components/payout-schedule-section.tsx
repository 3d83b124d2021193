import { type FormEvent, useState } from 'react';
import type { PayoutSettingsView } from '#common/schemas/payouts.ts';
import { FormField } from '../../../components/form-field.tsx';
import { SettingsSection } from '../../../components/settings-section.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { toast } from '../../../lib/toast.ts';
import { cn } from '../../../lib/utils.ts';
import { SubmitButton } from '../../auth/index.ts';
import { useUpdatePayoutSettings } from '../api/update-payout-settings.ts';
import { centsToDollars, dollarsToCents, formatMoney, weekdayNames } from '../format.ts';

type Schedule = PayoutSettingsView['schedule'];

const scheduleNames: Record<Schedule, string> = {
  on_request: 'When I ask for it',
  weekly: 'Every week',
};

/**
 * When payouts happen: only when the creator asks on the wallet, or weekly on a chosen day when at
 * least their minimum is available (never below the platform's minimum).
 */
export function PayoutScheduleSection({
  userId,
  settings,
}: {
  userId: string;
  settings: PayoutSettingsView;
}) {
  const update = useUpdatePayoutSettings(userId);
  const [schedule, setSchedule] = useState<Schedule>(settings.schedule);
  const [weekday, setWeekday] = useState(settings.weekday ?? 1);
  const [minimum, setMinimum] = useState(centsToDollars(settings.minimum.amount));
  const [errors, setErrors] = useState<{ minimum?: string; form?: string }>({});
  const platformMinimum = formatMoney(settings.platformMinimum);
  const weeklyPossible = settings.transfersEnabled;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (update.isPending) return;
    const cents = minimum.trim() === '' ? null : dollarsToCents(minimum);
    if (minimum.trim() !== '' && cents === null)
      return setErrors({ minimum: 'Enter an amount in dollars, like 50 or 50.25' });
    if (cents !== null && cents < settings.platformMinimum.amount)
      return setErrors({ minimum: `The minimum cannot be below ${platformMinimum}` });
    setErrors({});
    try {
      const saved = await update.mutateAsync({
        schedule,
        weekday: schedule === 'weekly' ? weekday : null,
        minimumCents: cents,
      });
      setMinimum(centsToDollars(saved.minimum.amount));
      toast.success('Payout schedule saved');
    } catch (error) {
      setErrors({ form: error instanceof Error ? error.message : 'Request failed' });
    }
  }

  const weeklyNote = !weeklyPossible
    ? 'Weekly payouts need bank transfers, which this site does not offer: an admin sends payouts by hand.'
    : !settings.account
      ? 'Weekly payouts start once you add a payout account.'
      : null;
  return (
    <SettingsSection
      title="Schedule"
      description="Ask for a payout yourself on your wallet, or have your available balance sent every week."
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">Pay me</legend>
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            {(['on_request', 'weekly'] as const).map((value) => (
              <label
                key={value}
                className={cn(
                  'flex cursor-pointer items-center gap-2 rounded-lg border border-border px-3 py-2 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60',
                  schedule === value && 'border-primary bg-primary/5',
                )}
              >
                <input
                  type="radio"
                  name="payout-schedule"
                  checked={schedule === value}
                  disabled={
                    update.isPending || (value === 'weekly' && !weeklyPossible && schedule !== 'weekly')
                  }
                  onChange={() => setSchedule(value)}
                  className="accent-primary"
                />
                {scheduleNames[value]}
              </label>
            ))}
          </div>
          {weeklyNote ? <p className="text-xs text-muted-foreground">{weeklyNote}</p> : null}
        </fieldset>
        <div className="grid items-start gap-4 sm:grid-cols-2">
          {schedule === 'weekly' ? (
            <FormField label="Day of the week" hint="Payouts start on this day (UTC).">
              {(control) => (
                <NativeSelect
                  {...control}
                  value={weekday}
                  disabled={update.isPending}
                  onChange={(event) => setWeekday(Number(event.target.value))}
                >
                  {weekdayNames.map((name, index) => (
                    <option key={name} value={index + 1}>
                      {name}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
          ) : null}
          <FormField
            label="Minimum payout (USD)"
            error={errors.minimum}
            hint={`At least ${platformMinimum}. Weekly payouts wait until this much is available, and a payout you ask for cannot be smaller.`}
          >
            {(control) => (
              <div className="relative">
                <span
                  aria-hidden="true"
                  className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground"
                >
                  $
                </span>
                <Input
                  {...control}
                  inputMode="decimal"
                  autoComplete="off"
                  className="pl-7"
                  value={minimum}
                  disabled={update.isPending}
                  onChange={(event) => setMinimum(event.target.value)}
                />
              </div>
            )}
          </FormField>
        </div>
        {errors.form ? (
          <p role="alert" className="rounded-lg bg-destructive/10 p-3 text-sm text-destructive">
            {errors.form}
          </p>
        ) : null}
        <div className="flex justify-end">
          <SubmitButton pending={update.isPending} pendingLabel="Saving…" className="w-full sm:w-auto">
            Save schedule
          </SubmitButton>
        </div>
      </form>
    </SettingsSection>
  );
}
