import { useId, useState } from 'react';
import {
  creatorPricing,
  draftBundleProblem,
  monthlyPriceProblem,
  type OnboardingDraft,
  parsePriceCents,
  priceInputFilter,
} from '#common/schemas/creators.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { type BundleInputs, SubscriptionBundlesField } from '../../creators/index.ts';
import { bundlePrice } from '../format-price.ts';
import { canContinue } from '../step-rules.ts';
import { describedBy, Field } from './field.tsx';
import { StepLayout } from './step-layout.tsx';
import type { StepProps } from './step-props.ts';

const hint = 'You can change your price later.';

const bundleInputOf = (typed: string | undefined) => ({ on: typed !== undefined, discount: typed ?? '' });
/** A typed discount's message as soon as there is something typed (the server's own first). */
const bundleMessage = (typed: string | undefined, server: string | undefined) =>
  server ?? (typed ? (draftBundleProblem(typed) ?? undefined) : undefined);

/** The draft's bundles as the bundles field holds them: a bundle is on while its discount is in the draft. */
function bundleDraft(
  next: BundleInputs,
): Pick<OnboardingDraft, 'threeMonthDiscount' | 'twelveMonthDiscount'> {
  return {
    threeMonthDiscount: next.three_months.on ? next.three_months.discount : undefined,
    twelveMonthDiscount: next.twelve_months.on ? next.twelve_months.discount : undefined,
  };
}

/**
 * Step 6: the monthly subscription price in USD, the 6-month bundle it gives, and the 3- and 12-month
 * bundles the creator may offer at a discount of their own.
 */
export function PlansStep({ draft, errors, onChange, onNext }: StepProps) {
  const id = useId();
  const [blurred, setBlurred] = useState(false);
  const price = draft.monthlyPrice ?? '';
  const problem = monthlyPriceProblem(price);
  // 'Required' only once the user has left the field; any other problem as soon as it is typed.
  const shown = errors.monthlyPrice ?? (price === '' && !blurred ? undefined : (problem ?? undefined));
  const bundle = problem === null ? bundlePrice(price) : null;
  const monthlyCents = problem === null ? parsePriceCents(price) : null;
  return (
    <StepLayout
      title="Set your subscription price"
      description="Fans pay this every month to see everything you post."
      submitLabel="Continue"
      ready={canContinue('plans', draft)}
      onSubmit={onNext}
    >
      <Field id={id} label={`Monthly price (${creatorPricing.currency})`} hint={hint} message={shown}>
        <div className="relative max-w-60">
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-muted-foreground"
          >
            $
          </span>
          <Input
            id={id}
            value={price}
            inputMode="decimal"
            autoComplete="off"
            placeholder="9.99"
            maxLength={12}
            onChange={(event) => onChange({ monthlyPrice: priceInputFilter(event.target.value) })}
            onBlur={() => setBlurred(true)}
            aria-invalid={shown ? true : undefined}
            aria-describedby={describedBy(id, hint)}
            className="pl-7"
          />
        </div>
      </Field>
      {bundle ? (
        <ul aria-label="What fans pay" className="grid gap-3 @md:grid-cols-2">
          <li className="rounded-xl border border-border p-4">
            <p className="text-sm text-muted-foreground">Monthly</p>
            <p className="mt-1 text-xl font-semibold">{bundle.monthly} / month</p>
          </li>
          <li className="rounded-xl border border-primary/40 bg-primary/5 p-4">
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              {creatorPricing.bundleMonths} months <Badge>{creatorPricing.bundleLabel}</Badge>
            </p>
            <p className="mt-1 text-xl font-semibold">
              {bundle.sixMonths} / {creatorPricing.bundleMonths} months
            </p>
          </li>
        </ul>
      ) : null}
      {monthlyCents !== null ? (
        <SubscriptionBundlesField
          monthlyCents={monthlyCents}
          currency={creatorPricing.currency}
          value={{
            three_months: bundleInputOf(draft.threeMonthDiscount),
            twelve_months: bundleInputOf(draft.twelveMonthDiscount),
          }}
          onChange={(next) => onChange(bundleDraft(next))}
          errors={{
            three_months: bundleMessage(draft.threeMonthDiscount, errors.threeMonthDiscount),
            twelve_months: bundleMessage(draft.twelveMonthDiscount, errors.twelveMonthDiscount),
          }}
        />
      ) : null}
    </StepLayout>
  );
}
