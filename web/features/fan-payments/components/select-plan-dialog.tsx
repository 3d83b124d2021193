import { useQueryClient } from '@tanstack/react-query';
import { Check, Gift, LoaderCircle } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { useId, useState } from 'react';
import type { CreatorPlanId, CreatorPlanOption } from '#common/schemas/fan-payments.ts';
import { discountedCents } from '#common/schemas/pricing.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { goToVerification, needsVerifiedEmail } from '../../../lib/action-error.ts';
import { trackButtonClick } from '../../../lib/analytics.ts';
import { openAuthModal } from '../../../lib/auth-modal.ts';
import { toast } from '../../../lib/toast.ts';
import { cn } from '../../../lib/utils.ts';
import { type LinkPromotion, type LinkTrial, linkOfferKey } from '../api/get-link-offer.ts';
import { paymentOf, useSubscribeToCreator } from '../api/subscribe-to-creator.ts';
import { daysText, formatPrice, trialPriceText } from '../format.ts';
import { checkoutToasts } from '../messages.ts';
import { useStartCheckout } from '../use-start-checkout.ts';

interface SelectPlanDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  handle: string;
  displayName: string;
  plans: CreatorPlanOption[];
  /** A promotion from the page's offer link: its discount off the first period, sent with its code. */
  promotion?: LinkPromotion | null;
  /** A free trial from the page's offer link: the monthly plan starts free, with no checkout. */
  trial?: LinkTrial | null;
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
  trial = null,
}: SelectPlanDialogProps) {
  const queryClient = useQueryClient();
  const [planId, setPlanId] = useState<CreatorPlanId>('monthly');
  const subscribe = useSubscribeToCreator(handle);
  const checkout = useStartCheckout(checkoutToasts.signInToSubscribe);
  const chosen = plans.find((plan) => plan.id === planId) ?? plans[0];
  const compact = plans.length > 2;
  // The trial is the monthly plan's: another plan is paid as usual.
  const trialChosen = trial !== null && chosen?.id === 'monthly';
  const [renew, setRenew] = useState(trial?.hasSavedCard ?? false);
  const [starting, setStarting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [verifyFirst, setVerifyFirst] = useState(false);
  const renewId = useId();
  const busy = checkout.busy || starting;

  function pay() {
    if (!chosen) return;
    trackButtonClick('creator_plan_checkout');
    if (trialChosen) {
      void startTrial();
      return;
    }
    if (!checkout.signedIn) onOpenChange(false);
    const price = promotion ? firstPeriod(chosen, promotion.discountPercent) : chosen.price;
    void checkout
      .start(
        (returnTo, payWith) =>
          subscribe
            .mutateAsync({
              plan: chosen.id,
              returnTo,
              payWith,
              ...(promotion ? { offer: promotion.code } : {}),
            })
            .then(paymentOf),
        { amount: price, what: `${chosen.name} subscription to ${displayName}` },
      )
      // Subscribed in one tap: the dialog has done its work.
      .then((outcome) => (outcome === 'paid' || outcome === 'pending' ? onOpenChange(false) : undefined));
  }

  /** Subscribe with the trial's code: the server starts the trial, nothing is charged. */
  async function startTrial() {
    if (!trial) return;
    if (!checkout.signedIn) {
      onOpenChange(false);
      toast.error(checkoutToasts.signInToSubscribe);
      openAuthModal('signin');
      return;
    }
    setStarting(true);
    setProblem(null);
    setVerifyFirst(false);
    try {
      const answer = await subscribe.mutateAsync({ plan: 'monthly', offer: trial.code, renew });
      if ('authorization_url' in answer) {
        window.location.assign(answer.authorization_url);
        return;
      }
      toast.success(answer.message);
      await Promise.all(
        [['offers'], ['posts'], ['creators'], ['fan-payments']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
      onOpenChange(false);
    } catch (error) {
      // Ended, used up or already claimed: said as the server says it, and the page asks for the
      // offer again, so the plans fall back to their usual prices.
      setProblem(error instanceof Error ? error.message : 'The trial could not be started.');
      setVerifyFirst(needsVerifiedEmail(error));
      await queryClient.invalidateQueries({ queryKey: linkOfferKey });
      setStarting(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      {/* Up to four plans: on a short phone screen the dialog scrolls rather than running off it. */}
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogTitle>Select plan</DialogTitle>
        <DialogDescription>
          Subscribe to {displayName} to see everything they post
          {trial ? `, free for ${daysText(trial.days)} with this link.` : '.'}
        </DialogDescription>
        <RadioGroup.Root
          aria-label="Plan"
          value={chosen?.id}
          onValueChange={(value) => setPlanId(value as CreatorPlanId)}
          className="grid gap-2"
        >
          {plans.map((plan) => {
            const regular = `${formatPrice(plan.price)}/${periodText(plan)}`;
            const first = promotion ? firstPeriod(plan, promotion.discountPercent) : null;
            const price =
              trial && plan.id === 'monthly'
                ? trialPriceText(trial)
                : first
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
        {trial ? (
          <p className="flex items-start gap-2 text-sm font-medium text-primary">
            <Gift aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {trialChosen
              ? `Free trial with this link: ${daysText(trial.days)} of all posts and media, with no charge now.`
              : 'The free trial from this link is for the monthly plan.'}
          </p>
        ) : null}
        {trial && trialChosen ? (
          <label htmlFor={renewId} className="flex items-start gap-3 text-sm">
            <input
              id={renewId}
              type="checkbox"
              className="mt-0.5 size-4 accent-primary"
              checked={renew}
              disabled={!trial.hasSavedCard}
              onChange={(event) => setRenew(event.target.checked)}
            />
            <span>
              Keep my subscription after the trial, at {formatPrice(trial.regularPrice)} a month
              <span className="block text-xs text-muted-foreground">
                {trial.hasSavedCard
                  ? 'Charged to the card you saved with us. You can cancel any time before.'
                  : 'You have no saved card yet, so the trial will simply end. Subscribe later to keep access.'}
              </span>
            </span>
          </label>
        ) : (
          <p className="text-xs text-muted-foreground">
            {chosen && chosen.months > 1
              ? `Charged ${formatPrice(chosen.price)} now for ${chosen.months} months, then again every ${chosen.months} months until you cancel.`
              : 'Charged now, then every month until you cancel. Cancel any time in Settings; you keep access until the period ends.'}
          </p>
        )}
        {problem ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {trial ? problem : `${problem}, so subscribing is at the usual price.`}
          </p>
        ) : null}
        {verifyFirst ? (
          <Button variant="outline" onClick={goToVerification}>
            Verify email
          </Button>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
          <Button variant="outline" disabled={busy} onClick={() => onOpenChange(false)}>
            Close
          </Button>
          <Button disabled={!chosen || busy} aria-busy={busy || undefined} onClick={pay}>
            {busy ? <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" /> : null}
            {starting
              ? 'Starting…'
              : checkout.busy
                ? checkout.busyText
                : trialChosen
                  ? 'Start free trial'
                  : chosen
                    ? `Subscribe for ${formatPrice(promotion ? firstPeriod(chosen, promotion.discountPercent) : chosen.price)}`
                    : 'Subscribe'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
