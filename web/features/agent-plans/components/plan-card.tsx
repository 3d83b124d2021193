import { Check, Loader2 } from 'lucide-react';
import type { BillingPeriod } from '#common/plans.ts';
import type { SubscriptionPlanView } from '#common/schemas/subscriptions.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/utils.ts';
import { formatMoney } from '../format.ts';

export interface PlanAction {
  label: string;
  disabled?: boolean;
  busy?: boolean;
  onSelect: () => void;
}

/** One plan: price for the chosen period (yearly also per month), features, and its action. */
export function PlanCard({
  plan,
  period,
  action,
}: {
  plan: SubscriptionPlanView;
  period: BillingPeriod;
  action: PlanAction;
}) {
  const price = plan.prices[period];
  // Shown to the naira: a per-month equivalent, not an amount anyone is charged.
  const perMonth = { amount: Math.round(plan.prices.yearly.amount / 1200) * 100, currency: price.currency };
  const headingId = `plan-${plan.id}-name`;
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        'relative flex flex-col rounded-2xl border bg-card p-6 text-card-foreground @xl:p-5 @4xl:p-6',
        plan.popular ? 'border-primary shadow-lg ring-1 ring-primary' : 'border-border',
      )}
    >
      {plan.badge ? (
        <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 px-3 py-1">{plan.badge}</Badge>
      ) : null}
      <h2 id={headingId} className="font-heading text-xl font-semibold">
        {plan.name}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground @xl:min-h-20 @4xl:min-h-10">{plan.description}</p>
      <p className="mt-5 flex flex-wrap items-baseline gap-x-1">
        <span className="font-heading text-4xl font-bold tracking-tight @xl:text-3xl @4xl:text-4xl">
          {formatMoney(price)}
        </span>
        <span className="text-sm text-muted-foreground">/{period === 'yearly' ? 'year' : 'month'}</span>
      </p>
      <p className="mt-1 min-h-5 text-sm text-muted-foreground">
        {period === 'yearly'
          ? `${formatMoney(perMonth)}/month, billed yearly`
          : `${plan.trialDays}-day free trial, then monthly`}
      </p>
      <Button
        className="mt-6 w-full"
        variant={plan.popular ? 'default' : 'outline'}
        disabled={action.disabled || action.busy}
        aria-label={`${action.label}: ${plan.name}`}
        onClick={action.onSelect}
      >
        {action.busy ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
        {action.label}
      </Button>
      <ul className="mt-6 grid gap-2.5 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
    </article>
  );
}

export function PlanCardSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-4 rounded-2xl border border-border p-6">
      <div className="h-6 w-28 animate-pulse rounded bg-muted" />
      <div className="h-10 w-full animate-pulse rounded bg-muted" />
      <div className="h-10 w-40 animate-pulse rounded bg-muted" />
      <div className="h-10 w-full animate-pulse rounded bg-muted" />
      {[0, 1, 2, 3].map((row) => (
        <div key={row} className="h-4 w-3/4 animate-pulse rounded bg-muted" />
      ))}
    </div>
  );
}
