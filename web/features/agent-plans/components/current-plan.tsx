import { CreditCard } from 'lucide-react';
import type { BillingPeriod, PlanId } from '#common/plans.ts';
import type { CurrentSubscription, SubscriptionPlanView } from '#common/schemas/subscriptions.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/utils.ts';
import { formatDate, formatMoney } from '../format.ts';
import { isLive } from '../use-choose-plan.ts';
import { CancelPlanDialog } from './cancel-plan-dialog.tsx';
import { ChangePlanDialog } from './change-plan-dialog.tsx';

const statusLabels: Record<CurrentSubscription['status'], string> = {
  trialing: 'Free trial',
  active: 'Active',
  past_due: 'Payment failed',
  canceled: 'Canceled',
  expired: 'Expired',
};

function summary(s: CurrentSubscription): string {
  const price = `${formatMoney(s.amount)} per ${(s.nextPlan?.billingPeriod ?? s.billingPeriod) === 'yearly' ? 'year' : 'month'}`;
  const card = s.card ? ` to your ${s.card.brand} card ending ${s.card.last4}` : '';
  switch (s.status) {
    case 'trialing':
      return s.cancelAtPeriodEnd
        ? `Your free trial ends on ${formatDate(s.currentPeriodEnd)} and will not be charged.`
        : `Free trial until ${formatDate(s.currentPeriodEnd)}, then ${price}, charged${card}.`;
    case 'active':
      return s.cancelAtPeriodEnd
        ? `Cancels at the end of the period: you keep your plan until ${formatDate(s.currentPeriodEnd)}.`
        : `Renews on ${formatDate(s.currentPeriodEnd)} for ${price}${card ? `, charged${card}` : ''}.`;
    case 'past_due':
      return s.nextRetryAt
        ? `Your renewal payment failed. We will try your card again on ${formatDate(s.nextRetryAt)}, or you can pay now.`
        : 'Your renewal payment failed. Pay now to keep your plan.';
    default:
      return `Your plan ended on ${formatDate(s.endedAt ?? s.currentPeriodEnd)}. Your account and data are kept; choose a plan below to continue.`;
  }
}

/** The signed-in agent's plan: status, the next date that matters, and what can be done. */
export function CurrentPlan({
  subscription,
  plans,
  busy,
  onChange,
  onCancel,
  onPayNow,
}: {
  subscription: CurrentSubscription;
  plans: SubscriptionPlanView[];
  busy: boolean;
  onChange: (planId: PlanId, period: BillingPeriod) => Promise<void>;
  onCancel: () => void;
  onPayNow: () => void;
}) {
  const live = isLive(subscription);
  return (
    <section
      aria-labelledby="current-plan-heading"
      className={cn(
        'flex flex-col gap-4 rounded-2xl border p-5 md:flex-row md:items-center md:justify-between',
        subscription.status === 'past_due'
          ? 'border-destructive/50 bg-destructive/5'
          : 'border-border bg-card',
      )}
    >
      <div className="flex gap-4">
        <span className="hidden size-11 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary sm:flex">
          <CreditCard aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id="current-plan-heading" className="font-heading text-lg font-semibold">
              Your plan: {subscription.planName} ({subscription.billingPeriod})
            </h2>
            <Badge variant={live ? 'default' : 'outline'} data-testid="plan-status">
              {statusLabels[subscription.status]}
            </Badge>
            {subscription.cancelAtPeriodEnd && live ? (
              <Badge variant="outline">Cancels at period end</Badge>
            ) : null}
          </div>
          <p className="mt-1 text-sm text-muted-foreground">{summary(subscription)}</p>
          {subscription.nextPlan && live ? (
            <p className="mt-1 text-sm">
              Changes to {subscription.nextPlan.planName} ({subscription.nextPlan.billingPeriod}) on{' '}
              {formatDate(subscription.currentPeriodEnd)}.
            </p>
          ) : null}
        </div>
      </div>
      {live ? (
        <div className="flex flex-wrap gap-2">
          {subscription.status === 'past_due' ? (
            <Button onClick={onPayNow} disabled={busy}>
              Pay now
            </Button>
          ) : (
            <ChangePlanDialog plans={plans} subscription={subscription} busy={busy} onChange={onChange} />
          )}
          {subscription.cancelAtPeriodEnd ? (
            <Button
              variant="outline"
              disabled={busy}
              onClick={() => onChange(subscription.planId, subscription.billingPeriod)}
            >
              Keep my plan
            </Button>
          ) : (
            <CancelPlanDialog
              planName={subscription.planName}
              periodEnd={subscription.currentPeriodEnd}
              trialing={subscription.status === 'trialing'}
              busy={busy}
              onConfirm={onCancel}
            />
          )}
        </div>
      ) : null}
    </section>
  );
}

export function CurrentPlanSkeleton() {
  return (
    <div aria-hidden="true" className="h-24 animate-pulse rounded-2xl border border-border bg-muted/60" />
  );
}
