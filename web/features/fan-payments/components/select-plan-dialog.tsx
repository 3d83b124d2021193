import { Check, LoaderCircle } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { useState } from 'react';
import type { CreatorPlanId, CreatorPlanOption } from '#common/schemas/fan-payments.ts';
import { discountedCents } from '#common/schemas/pricing.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { trackButtonClick } from '../../../lib/analytics.ts';
import { cn } from '../../../lib/utils.ts';
import { useSubscribeToCreator } from '../api/subscribe-to-creator.ts';
import { formatPrice } from '../format.ts';
import { checkoutToasts } from '../messages.ts';
import { useStartCheckout } from '../use-start-checkout.ts';

interface SelectPlanDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  handle: string;
  displayName: string;
  plans: CreatorPlanOption[];
  /** A promotion from the page's offer link: its discount off the first period, sent with its code. */
  promotion?: { code: string; discountPercent: number } | null;
}

const periodText = (plan: CreatorPlanOption) => (plan.months === 1 ? 'month' : `${plan.months} months`);

/** What the first period costs with a promotion (the server charges exactly this). */
const firstPeriod = (plan: CreatorPlanOption, discountPercent: number) => ({
  amount: discountedCents(plan.price.amount, discountPercent),
  currency: plan.price.currency,
});

/**
 * The creator's plans (spec section 3): monthly, six months at once ('Save 20%'), and the 3- and
 * 12-month bundles the creator offers ('Save N%' from the real prices); then checkout.
 */
export function SelectPlanDialog({
  open,
  onOpenChange,
  handle,
  displayName,
  plans,
  promotion = null,
}: SelectPlanDialogProps) {
  const [planId, setPlanId] = useState<CreatorPlanId>('monthly');
  const subscribe = useSubscribeToCreator(handle);
  const checkout = useStartCheckout(checkoutToasts.signInToSubscribe);
  const chosen = plans.find((plan) => plan.id === planId) ?? plans[0];
  const compact = plans.length > 2;

  function pay() {
    if (!chosen) return;
    trackButtonClick('creator_plan_checkout');
    if (!checkout.signedIn) onOpenChange(false);
    void checkout.start((returnTo) =>
      subscribe.mutateAsync({ plan: chosen.id, returnTo, ...(promotion ? { offer: promotion.code } : {}) }),
    );
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !checkout.busy && onOpenChange(next)}>
      {/* Up to four plans: on a short phone screen the dialog scrolls rather than running off it. */}
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogTitle>Select plan</DialogTitle>
        <DialogDescription>Subscribe to {displayName} to see everything they post.</DialogDescription>
        <RadioGroup.Root
          aria-label="Plan"
          value={chosen?.id}
          onValueChange={(value) => setPlanId(value as CreatorPlanId)}
          className="grid gap-2"
        >
          {plans.map((plan) => {
            const regular = `${formatPrice(plan.price)}/${periodText(plan)}`;
            const first = promotion ? firstPeriod(plan, promotion.discountPercent) : null;
            const price = first
              ? `${formatPrice(first)} first ${periodText(plan)}, then ${regular}`
              : regular;
            return (
              <RadioGroup.Item
                key={plan.id}
                value={plan.id}
                aria-label={`${plan.name}, ${price}`}
                className="group flex flex-col gap-2 rounded-xl border border-border p-4 text-left transition-colors hover:bg-accent/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring data-[state=checked]:border-primary data-[state=checked]:ring-1 data-[state=checked]:ring-primary"
              >
                <span className="flex w-full flex-wrap items-center justify-between gap-x-3 gap-y-1">
                  <span className="flex items-center gap-2 font-medium whitespace-nowrap">
                    <span className="flex size-4 items-center justify-center rounded-full border border-input">
                      <RadioGroup.Indicator className="size-2 rounded-full bg-primary" />
                    </span>
                    {plan.name}
                    {plan.badge ? <Badge>{plan.badge}</Badge> : null}
                  </span>
                  <span className="text-sm font-semibold whitespace-nowrap">{price}</span>
                </span>
                {/*
                  Every plan includes the same: with more than two plans only the chosen one says it, so
                  they fit a phone. Said in the creator's terms, not as a list of media kinds the creator
                  may not have (pay-per-view posts are bought on their own).
                */}
                <span
                  className={cn(
                    'flex items-center gap-2 pl-6 text-sm text-muted-foreground',
                    compact && 'hidden group-data-[state=checked]:flex',
                  )}
                >
                  <Check aria-hidden="true" className="size-4 shrink-0 text-primary" />
                  Everything {displayName} posts for subscribers
                </span>
              </RadioGroup.Item>
            );
          })}
        </RadioGroup.Root>
        {promotion ? (
          <p className="text-sm font-medium text-primary">
            {promotion.discountPercent}% off the first period with this link; renewals at the regular price.
          </p>
        ) : null}
        <p className="text-xs text-muted-foreground">
          {chosen && chosen.months > 1
            ? `Charged ${formatPrice(chosen.price)} now for ${chosen.months} months, then again every ${chosen.months} months until you cancel.`
            : 'Charged now, then every month until you cancel. Cancel any time in Settings; you keep access until the period ends.'}
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
          <Button variant="outline" disabled={checkout.busy} onClick={() => onOpenChange(false)}>
            Close
          </Button>
          <Button disabled={!chosen || checkout.busy} aria-busy={checkout.busy || undefined} onClick={pay}>
            {checkout.busy ? <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" /> : null}
            {checkout.busy
              ? 'Opening checkout…'
              : chosen
                ? `Subscribe for ${formatPrice(promotion ? firstPeriod(chosen, promotion.discountPercent) : chosen.price)}`
                : 'Subscribe'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
