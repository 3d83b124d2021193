import { Copy, Gift } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { pathTo, routes } from '#common/routes.ts';
import type { CreatorOffer, OfferKind, PromotionAudience } from '#common/schemas/offers.ts';
import { offerLimits } from '#common/schemas/offers.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { SignInPrompt } from '../../../components/sign-in-prompt.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatShortDate } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { cn } from '../../../lib/utils.ts';
import { useMyCreator } from '../../creators/index.ts';
import { useCreateOffer, useMyOffers, useStopOffer } from '../api/offers.ts';

const audienceNames: Record<PromotionAudience, string> = {
  new: 'Fans new to you',
  expired: 'Fans whose subscription ended',
};

function describe(offer: CreatorOffer): string {
  return offer.kind === 'trial'
    ? `Free trial, ${offer.trialDays} ${offer.trialDays === 1 ? 'day' : 'days'}`
    : `${offer.discountPercent}% off the first month, ${audienceNames[offer.audience ?? 'new'].toLowerCase()}`;
}

function NewOfferForm({ userId }: { userId: string }) {
  const create = useCreateOffer(userId);
  const [kind, setKind] = useState<OfferKind>('trial');
  const [days, setDays] = useState('7');
  const [percent, setPercent] = useState('30');
  const [audience, setAudience] = useState<PromotionAudience>('new');
  const [maxClaims, setMaxClaims] = useState('');
  const [endsOn, setEndsOn] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFields({});
    try {
      await create.mutateAsync({
        kind,
        ...(kind === 'trial' ? { trialDays: Number(days) } : { discountPercent: Number(percent), audience }),
        ...(maxClaims.trim() ? { maxClaims: Number(maxClaims) } : {}),
        ...(endsOn ? { endsAt: new Date(`${endsOn}T23:59:59`).toISOString() } : {}),
      });
      toast.success(kind === 'trial' ? 'Trial link made' : 'Promotion made');
    } catch (error) {
      if (error instanceof ApiError && error.fields) setFields(error.fields);
      else toast.error(error instanceof Error ? error.message : 'The offer could not be made.');
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-4" noValidate>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="mb-2 text-sm font-medium">Kind</legend>
        {(['trial', 'promotion'] as const).map((value) => (
          <label
            key={value}
            className={cn(
              'flex cursor-pointer items-center gap-2 rounded-lg border border-border px-3 py-2 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              kind === value && 'border-primary bg-primary/5',
            )}
          >
            <input
              type="radio"
              name="offer-kind"
              checked={kind === value}
              onChange={() => setKind(value)}
              className="accent-primary"
            />
            {value === 'trial' ? 'Free trial' : 'Promotion'}
          </label>
        ))}
      </fieldset>
      {kind === 'trial' ? (
        <FormField
          label="Free days"
          error={fields.trialDays}
          hint={`${offerLimits.trialDaysMin} to ${offerLimits.trialDaysMax} days`}
        >
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              value={days}
              onChange={(event) => setDays(event.target.value)}
            />
          )}
        </FormField>
      ) : (
        <>
          <FormField
            label="Discount on the first month (%)"
            error={fields.discountPercent}
            hint={`${offerLimits.discountMin} to ${offerLimits.discountMax}%`}
          >
            {(control) => (
              <Input
                {...control}
                inputMode="numeric"
                value={percent}
                onChange={(event) => setPercent(event.target.value)}
              />
            )}
          </FormField>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">For</legend>
            {(['new', 'expired'] as const).map((value) => (
              <label key={value} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="offer-audience"
                  checked={audience === value}
                  onChange={() => setAudience(value)}
                  className="accent-primary"
                />
                {audienceNames[value]}
              </label>
            ))}
          </fieldset>
        </>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Most claims (optional)" error={fields.maxClaims} hint="Empty: no limit">
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              value={maxClaims}
              onChange={(event) => setMaxClaims(event.target.value)}
            />
          )}
        </FormField>
        <FormField label="Ends on (optional)" error={fields.endsAt} hint="Empty: until you stop it">
          {(control) => (
            <Input
              {...control}
              type="date"
              value={endsOn}
              onChange={(event) => setEndsOn(event.target.value)}
            />
          )}
        </FormField>
      </div>
      <Button type="submit" className="justify-self-start" disabled={create.isPending}>
        <Gift aria-hidden="true" />
        {create.isPending ? 'Making…' : kind === 'trial' ? 'Make trial link' : 'Make promotion'}
      </Button>
    </form>
  );
}

function OfferRow({ offer, handle, userId }: { offer: CreatorOffer; handle: string; userId: string }) {
  const stop = useStopOffer(userId);
  const link = `${window.location.origin}${pathTo('publicProfile', { id: handle })}?offer=${offer.code}`;
  return (
    <li className="grid gap-3 rounded-xl border border-border p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-sm font-medium">{describe(offer)}</p>
        <p className="text-xs text-muted-foreground">
          {offer.active ? 'Active' : offer.stopped ? 'Stopped' : 'Ended'}
          {offer.endsAt ? ` · until ${formatShortDate(offer.endsAt)}` : ''}
          {offer.maxClaims !== null ? ` · at most ${offer.maxClaims} claims` : ''}
        </p>
      </div>
      <div className="flex min-w-0 items-center gap-2">
        <code className="min-w-0 flex-1 truncate rounded-md bg-muted px-2 py-1 text-xs">{link}</code>
        <Button
          variant="outline"
          size="sm"
          onClick={() =>
            void navigator.clipboard?.writeText(link).then(
              () => toast.success('Link copied'),
              () => toast.error('The link could not be copied'),
            )
          }
        >
          <Copy aria-hidden="true" />
          Copy link
        </Button>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <div>
          <dt className="text-xs text-muted-foreground">Claims</dt>
          <dd className="text-sm font-semibold tabular-nums">{offer.claims}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Conversions</dt>
          <dd className="text-sm font-semibold tabular-nums">{offer.conversions}</dd>
        </div>
      </dl>
      {offer.active ? (
        <Button
          variant="ghost"
          size="sm"
          className="justify-self-start text-destructive"
          disabled={stop.isPending}
          onClick={() =>
            stop.mutate(offer.id, {
              onSuccess: () => toast.success('Offer stopped'),
              onError: (error) => toast.error(error.message),
            })
          }
        >
          Stop this offer
        </Button>
      ) : null}
    </li>
  );
}

function CreatorOffers({ userId }: { userId: string }) {
  const offers = useMyOffers(userId);
  // The links name the creator's page by its handle.
  const handle = useMyCreator(userId).data?.creator?.handle ?? '';
  if (offers.isPending)
    return <Skeleton role="status" aria-label="Loading" className="h-64 w-full rounded-2xl" />;
  if (offers.error instanceof ApiError && offers.error.status === 403)
    return (
      <EmptyState
        icon={Gift}
        title="For approved creators"
        description="Once your creator page is approved, you can share free trials and promotions."
      >
        <Button asChild variant="outline">
          <Link to={routes.creator}>Become a Creator</Link>
        </Button>
      </EmptyState>
    );
  if (offers.isError)
    return (
      <div role="alert" className="grid justify-items-start gap-2 text-sm">
        <p>Your offers could not be loaded: {offers.error.message}</p>
        <Button size="sm" variant="outline" onClick={() => void offers.refetch()}>
          Try again
        </Button>
      </div>
    );
  return (
    <div className="grid gap-6">
      <section
        aria-labelledby="new-offer"
        className="grid gap-4 rounded-2xl border border-border bg-card p-4 sm:p-6"
      >
        <h2 id="new-offer" className="text-lg font-semibold">
          New offer
        </h2>
        <NewOfferForm userId={userId} />
      </section>
      <section
        aria-labelledby="your-offers"
        className="grid gap-4 rounded-2xl border border-border bg-card p-4 sm:p-6"
      >
        <h2 id="your-offers" className="text-lg font-semibold">
          Your offers
        </h2>
        {offers.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No offers yet. Each one you make gets a link to share.
          </p>
        ) : (
          <ul aria-label="Your offers" className="grid gap-3">
            {offers.data.items.map((offer) => (
              <OfferRow key={offer.id} offer={offer} handle={handle} userId={userId} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** Free trials and promotions: the creator makes them, shares their links and sees what they did. */
export function OffersPage() {
  const session = useSession();
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title="Trials and promotions"
        description="Share a link that gives new fans free days, or a discount on their first month. Each fan claims it once."
      />
      {session ? (
        <CreatorOffers userId={session.user.id} />
      ) : (
        <SignInPrompt reason="Sign in to make offers." />
      )}
    </div>
  );
}
