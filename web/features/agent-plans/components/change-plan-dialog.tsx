import { RadioGroup } from 'radix-ui';
import { useState } from 'react';
import type { BillingPeriod, PlanId } from '#common/plans.ts';
import type { CurrentSubscription, SubscriptionPlanView } from '#common/schemas/subscriptions.ts';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog.tsx';
import { formatDate, formatMoney } from '../format.ts';
import { BillingToggle } from './billing-toggle.tsx';

/** Manage: pick another plan or period. In the trial it applies at once, otherwise at the renewal. */
export function ChangePlanDialog({
  plans,
  subscription,
  busy,
  onChange,
}: {
  plans: SubscriptionPlanView[];
  subscription: CurrentSubscription;
  busy: boolean;
  onChange: (planId: PlanId, period: BillingPeriod) => Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  const target = subscription.nextPlan ?? subscription;
  const [planId, setPlanId] = useState<PlanId>(target.planId);
  const [period, setPeriod] = useState<BillingPeriod>(target.billingPeriod);
  const trialing = subscription.status === 'trialing';

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setPlanId(target.planId);
          setPeriod(target.billingPeriod);
        }
      }}
    >
      <DialogTrigger asChild>
        <Button>Manage</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Change your plan</DialogTitle>
        <DialogDescription>
          {trialing
            ? 'You are in your free trial, so the change applies right away.'
            : `The change takes effect at your next renewal on ${formatDate(subscription.currentPeriodEnd)}, which is charged at the new price.`}
        </DialogDescription>
        <div className="flex justify-center">
          <BillingToggle value={period} onChange={setPeriod} />
        </div>
        <RadioGroup.Root
          aria-label="Plan"
          value={planId}
          onValueChange={(value) => setPlanId(value as PlanId)}
          className="grid gap-2"
        >
          {plans.map((plan) => (
            <RadioGroup.Item
              key={plan.id}
              value={plan.id}
              aria-label={plan.name}
              className="flex items-center justify-between gap-3 rounded-xl border border-border p-3 text-left transition-colors hover:bg-accent/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring data-[state=checked]:border-primary data-[state=checked]:ring-1 data-[state=checked]:ring-primary"
            >
              <span className="flex items-center gap-3">
                <span className="flex size-4 items-center justify-center rounded-full border border-input">
                  <RadioGroup.Indicator className="size-2 rounded-full bg-primary" />
                </span>
                <span className="font-medium">{plan.name}</span>
              </span>
              <span className="text-sm text-muted-foreground">
                {formatMoney(plan.prices[period])}/{period === 'yearly' ? 'year' : 'month'}
              </span>
            </RadioGroup.Item>
          ))}
        </RadioGroup.Root>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => setOpen(false)}>
            Close
          </Button>
          <Button
            disabled={busy}
            onClick={async () => {
              await onChange(planId, period);
              setOpen(false);
            }}
          >
            Change plan
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
