import { useId } from 'react';
import {
  type CreatorBundlePlanId,
  creatorBundlePlanIds,
  creatorPlanMonths,
} from '#common/schemas/pricing.ts';
import { Input } from '../../../components/ui/input.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { type BundleInput, type BundleInputs, bundlePreview } from '../bundles.ts';

interface SubscriptionBundlesFieldProps {
  /** The creator's monthly price, USD cents: the bundles are priced from it. */
  monthlyCents: number;
  currency: string;
  value: BundleInputs;
  onChange: (next: BundleInputs) => void;
  errors: Partial<Record<CreatorBundlePlanId, string>>;
}

function BundleRow({
  plan,
  monthlyCents,
  currency,
  input,
  error,
  onChange,
}: {
  plan: CreatorBundlePlanId;
  monthlyCents: number;
  currency: string;
  input: BundleInput;
  error: string | undefined;
  onChange: (next: BundleInput) => void;
}) {
  const id = useId();
  const months = creatorPlanMonths[plan];
  const preview = input.on ? bundlePreview(monthlyCents, plan, input.discount) : null;
  const full = formatMoney({ amount: monthlyCents * months, currency });
  return (
    <div className="grid gap-2 rounded-lg border border-border p-3">
      <label htmlFor={`${id}-on`} className="flex items-center gap-2 text-sm font-medium">
        <input
          id={`${id}-on`}
          type="checkbox"
          role="switch"
          aria-checked={input.on}
          checked={input.on}
          onChange={(event) => onChange({ ...input, on: event.target.checked })}
          className="size-4 accent-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        />
        Offer {months} months
      </label>
      {input.on ? (
        <div className="grid gap-1.5 pl-6">
          <label htmlFor={`${id}-discount`} className="text-sm">
            {`${months}-month discount (%)`}
          </label>
          <div className="flex items-center gap-2">
            <Input
              id={`${id}-discount`}
              inputMode="numeric"
              autoComplete="off"
              maxLength={4}
              value={input.discount}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : `${id}-price`}
              onChange={(event) =>
                onChange({ ...input, discount: event.target.value.replace(/[^\d%]/g, '') })
              }
              className="w-20"
            />
            <span aria-hidden="true" className="text-sm text-muted-foreground">
              % off
            </span>
          </div>
          {error ? (
            <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
              {error}
            </p>
          ) : (
            <p id={`${id}-price`} aria-live="polite" className="text-sm text-muted-foreground">
              {preview
                ? preview.saving > 0
                  ? `Fans pay ${formatMoney({ amount: preview.priceCents, currency })} for ${months} months instead of ${full} · Save ${preview.saving}%`
                  : `Fans pay ${full} for ${months} months, the same as monthly`
                : 'Enter a whole percent from 0 to 60'}
            </p>
          )}
        </div>
      ) : null}
    </div>
  );
}

/**
 * The 3- and 12-month bundles next to the monthly price: each off by default, or offered at a
 * whole-percent discount with the price fans pay shown as it is typed. Six months is always
 * offered at 20% off.
 */
export function SubscriptionBundlesField({
  monthlyCents,
  currency,
  value,
  onChange,
  errors,
}: SubscriptionBundlesFieldProps) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1.5 text-sm font-medium">Subscription bundles</legend>
      <p className="text-xs text-muted-foreground">
        Your monthly price is {formatMoney({ amount: monthlyCents, currency })}. Fans pay for a whole bundle
        at once; 6 months is always offered at 20% off. Changes apply to new subscriptions only.
      </p>
      {creatorBundlePlanIds.map((plan) => (
        <BundleRow
          key={plan}
          plan={plan}
          monthlyCents={monthlyCents}
          currency={currency}
          input={value[plan]}
          error={errors[plan]}
          onChange={(next) => onChange({ ...value, [plan]: next })}
        />
      ))}
    </fieldset>
  );
}
