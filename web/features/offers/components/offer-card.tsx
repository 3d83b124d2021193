import { useQueryClient } from '@tanstack/react-query';
import { Gift } from 'lucide-react';
import { useId, useState } from 'react';
import type { PublicOffer } from '#common/schemas/offers.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { goToVerification, needsVerifiedEmail } from '../../../lib/action-error.ts';
import { openAuthModal } from '../../../lib/auth-modal.ts';
import { formatMoney, formatShortDate } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { useLinkOffer, useStartCheckout } from '../../fan-payments/index.ts';
import { claimTrial, subscribeWithOffer } from '../api/offers.ts';

function headline(offer: PublicOffer): string {
  if (offer.kind === 'trial') return `Free for ${offer.trialDays} ${offer.trialDays === 1 ? 'day' : 'days'}`;
  return `${offer.discountPercent}% off your first month`;
}

function details(offer: PublicOffer): string {
  const parts: string[] = [];
  if (offer.kind === 'promotion' && offer.firstPeriodPrice)
    parts.push(
      `${formatMoney(offer.firstPeriodPrice)} instead of ${formatMoney(offer.regularPrice)}, then ${formatMoney(offer.regularPrice)} a month`,
    );
  if (offer.kind === 'trial')
    parts.push(`Then ${formatMoney(offer.regularPrice)} a month if you choose to renew`);
  if (offer.audience === 'new') parts.push('for fans new to this creator');
  if (offer.audience === 'expired') parts.push('for fans whose subscription ended');
  if (offer.endsAt) parts.push(`until ${formatShortDate(offer.endsAt)}`);
  if (offer.claimsLeft !== null) parts.push(`${offer.claimsLeft} left`);
  return parts.join(' · ');
}

function TrialDialog({
  offer,
  handle,
  name,
  onClose,
}: {
  offer: PublicOffer;
  handle: string;
  name: string;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [renew, setRenew] = useState(offer.hasSavedCard);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [verifyFirst, setVerifyFirst] = useState(false);
  const renewId = useId();
  async function start() {
    setBusy(true);
    setProblem(null);
    setVerifyFirst(false);
    try {
      const result = await claimTrial(handle, offer.code, renew);
      toast.success(result.message);
      await Promise.all(
        [['offers'], ['posts'], ['creators'], ['fan-payments']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
      onClose();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The trial could not be started.');
      setVerifyFirst(needsVerifiedEmail(error));
      setBusy(false);
    }
  }
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="sm:max-w-md">
        <DialogTitle>Free trial with {name}</DialogTitle>
        <DialogDescription>
          {offer.trialDays} {offer.trialDays === 1 ? 'day' : 'days'} of all posts and media, with no charge
          now.
        </DialogDescription>
        <label htmlFor={renewId} className="flex items-start gap-3 text-sm">
          <input
            id={renewId}
            type="checkbox"
            className="mt-0.5 size-4 accent-primary"
            checked={renew}
            disabled={!offer.hasSavedCard}
            onChange={(event) => setRenew(event.target.checked)}
          />
          <span>
            Keep my subscription after the trial, at {formatMoney(offer.regularPrice)} a month
            <span className="block text-xs text-muted-foreground">
              {offer.hasSavedCard
                ? 'Charged to the card you saved with us. You can cancel any time before.'
                : 'You have no saved card yet, so the trial will simply end. Subscribe later to keep access.'}
            </span>
          </span>
        </label>
        {problem ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {problem}
          </p>
        ) : null}
        {verifyFirst ? (
          <Button variant="outline" onClick={goToVerification}>
            Verify email
          </Button>
        ) : null}
        <Button onClick={() => void start()} disabled={busy}>
          {busy ? 'Starting…' : 'Start free trial'}
        </Button>
      </DialogContent>
    </Dialog>
  );
}

/**
 * An offer opened from its link (`?offer=`) on a creator's page: what it gives and the button to
 * take it, or why this viewer cannot.
 */
export function OfferCard({ handle, code, name }: { handle: string; code: string; name: string }) {
  const session = useSession();
  const offer = useLinkOffer(handle);
  const checkout = useStartCheckout('Sign in to take this offer');
  const [claiming, setClaiming] = useState(false);
  if (offer.isPending || !code) return null;
  if (offer.isError)
    return (
      <p
        role="status"
        className="mb-4 rounded-xl border border-border px-4 py-3 text-sm text-muted-foreground"
      >
        This offer link does not work any more.
      </p>
    );
  const data = offer.data;
  function take() {
    if (!session) {
      toast.error('Sign in to take this offer');
      openAuthModal('signin');
      return;
    }
    if (data.kind === 'trial') setClaiming(true);
    else if (data.firstPeriodPrice)
      void checkout.start((returnTo, payWith) => subscribeWithOffer(handle, data.code, returnTo, payWith), {
        amount: data.firstPeriodPrice,
        what: `Monthly subscription to ${name}, ${data.discountPercent}% off the first month`,
      });
    else void checkout.start((returnTo) => subscribeWithOffer(handle, data.code, returnTo));
  }
  return (
    <section
      aria-label="Offer"
      className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-primary/40 bg-primary/5 px-4 py-3"
    >
      <div className="flex min-w-0 items-start gap-3">
        <Gift aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        <div className="min-w-0">
          <p className="font-semibold">{headline(data)}</p>
          <p className="text-sm text-muted-foreground">{details(data)}</p>
          {!data.available && data.unavailableReason ? (
            <p className="mt-1 text-sm font-medium">{data.unavailableReason}</p>
          ) : null}
        </div>
      </div>
      {data.available ? (
        <Button onClick={take} disabled={checkout.busy}>
          {data.kind === 'trial'
            ? 'Start free trial'
            : checkout.busy
              ? checkout.busyText
              : `Subscribe with ${data.discountPercent}% off`}
        </Button>
      ) : null}
      {claiming ? (
        <TrialDialog offer={data} handle={handle} name={name} onClose={() => setClaiming(false)} />
      ) : null}
    </section>
  );
}
